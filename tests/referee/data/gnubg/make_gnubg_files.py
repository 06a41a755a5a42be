"""Generate GNU Backgammon's own files (gnubg 1.1 Python module): a money session, an unfinished
match and a roll-then-resign match, each exported as .mat and saved as SGF."""

import sys

import gnubg

out, kind = sys.argv[1], sys.argv[2]
gnubg.command("set rng mersenne")
gnubg.command("set seed 25")
gnubg.command("set player 0 human")
gnubg.command("set player 1 human")
gnubg.command("set jacoby on")
if kind == "money":
    gnubg.command("new session")
    gnubg.command("set dice 3 1")
    gnubg.command("move 8/5 6/5")
    gnubg.command("set dice 6 4")
    gnubg.command("move 24/14")
    gnubg.command("set dice 5 2")
    gnubg.command("move 13/8 13/11")
    gnubg.command("resign gammon")
    gnubg.command("accept")  # a gammon resignation, cube centred, Jacoby on
elif kind == "unfinished":
    gnubg.command("new match 5")
    gnubg.command("set dice 6 2")
    gnubg.command("move 24/18 13/11")
    gnubg.command("set dice 5 1")
    gnubg.command("move 13/8 6/5")
    gnubg.command("set dice 4 3")
    gnubg.command("move 13/9 13/10")
    gnubg.command("double")
    gnubg.command("take")
    gnubg.command("set dice 6 6")  # rolled, not yet played: the match is saved in the middle of a turn
elif kind == "resign":
    gnubg.command("new match 3")
    gnubg.command("set dice 6 2")
    gnubg.command("move 24/18 13/11")
    gnubg.command("set dice 5 1")
    gnubg.command("resign single")
    gnubg.command("accept")
gnubg.command(f"export match mat {out}.mat")
gnubg.command(f"save match {out}.sgf")

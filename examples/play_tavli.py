"""A Greek Tavli match to 7 played through the Arbitru API, then refereed as a whole.

Tavli is a rotation (the preset `tavli`): Portes, Plakoto, Fevga, again and again. /v1/start starts
each game after the one before (`after`: its number and winner) and answers its rules; the winner
starts the next game with no opening roll. The match's JSON game record, written as it is played
(each game with its `variant`), is refereed by /v1/matches/verify. The API never rolls dice: they are
rolled here with a seeded RNG; every object the API answers is sent back as it is. Plays are random.
Usage: python examples/play_tavli.py [BASE_URL]  (default http://localhost:8080)
"""

import json
import random
import sys
import urllib.request

COLORS = ("white", "black")


def http(base):
    def call(path, body):
        headers = {"Content-Type": "application/json"}
        request = urllib.request.Request(base + path, json.dumps(body).encode(), headers)
        with urllib.request.urlopen(request, timeout=60) as response:
            return json.load(response)

    return call


def first_turn(call, rng, start):
    """Who rolls first and the dice it plays (None: it rolls afresh): the winner of the game before,
    or the opening roll (one die each, equal dice again)."""
    if start["next"]["step"] == "roll":
        return start["next"]["turn"], None
    while True:
        rolls = {color: [rng.randint(1, 6)] for color in COLORS}
        decided = call("/v1/opening", {"rolls": rolls, "rules": start["rules"], "match": start["match"]})
        if not decided["reroll"]:
            return decided["starter"], decided["dice"]


def play_game(call, rng, start):
    """One game from its start to the play that ends it: its turns as a record writes them, the outcome."""
    context = {"rules": start["rules"], "match": start["match"]}
    (turn, dice), board, turns = first_turn(call, rng, start), start["board"], []
    while True:
        dice = dice or [rng.randint(1, 6), rng.randint(1, 6)]
        moves = call("/v1/moves", {"board": board, "turn": turn, "dice": dice, **context})
        play = rng.choice(moves["plays"])
        turns.append({"player": COLORS.index(turn), "action": "roll", "dice": dice, "play": play["notation"]})
        if play["outcome"]["game_over"]:
            return turns, play["outcome"]
        board, turn, dice = play["board"], moves["next_turn"], None


def play_tavli(call, seed=43, length=7):
    """The record of a Tavli match to `length` played through `call`, and its verdict."""
    rng, games, after = random.Random(seed), [], None
    rules, score = {"preset": "tavli", "match_length": length}, {"white": 0, "black": 0}
    while True:
        body = {"rules": rules, "match": {"length": length, "score": score}}
        start = call("/v1/start", {**body, "after": after} if after else body)
        turns, outcome = play_game(call, rng, start)
        game = {"game": start["game"], "start_score": [score["white"], score["black"]]}
        games.append({**game, "variant": start["variant"], "turns": turns})
        winner, block = outcome["winner"], outcome.get("match")
        print(f"game {start['game']} ({start['variant']}): {winner or 'nobody'} wins", end="")
        if winner is not None:  # a tie (Plakoto's mother rule) has no result and scores nothing
            won = {"winner": COLORS.index(winner), "points": block["points"], "and_the_match": block["over"]}
            games[-1]["result"], score = won, block["score"]
            print(f" {block['points']}, score {score['white']}-{score['black']}", end="")
        print()
        if block["over"]:
            break
        rules, after = start["rules"], {"game": start["game"], "winner": winner}
    record = {"players": ["Ana", "Bogdan"], "match_length": length, "rules": {"preset": "tavli"}}
    record["games"] = games
    return record, call("/v1/matches/verify", {"record": record})


if __name__ == "__main__":
    record, verdict = play_tavli(http(sys.argv[1] if len(sys.argv) > 1 else "http://localhost:8080"))
    print(f"verdict: valid {verdict['valid']}, {verdict['winner']} wins {verdict['final_score']}")

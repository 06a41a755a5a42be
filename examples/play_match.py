"""A whole Romanian match and a whole standard match with the cube, played through the Arbitru API.

The API never rolls dice: they are rolled here with a seeded RNG; every ruling (who starts, the legal
plays, cube actions, game and match ends) comes from the API, and every object it answers (rules,
cube, match, board) is sent back as it is. Plays and cube decisions are random.
Usage: python examples/play_match.py [BASE_URL]  (default http://localhost:8080)
"""

import json
import random
import sys
import urllib.request

BASE = sys.argv[1] if len(sys.argv) > 1 else "http://localhost:8080"
rng = random.Random(14)


def call(path, body):
    request = urllib.request.Request(
        BASE + path, json.dumps(body).encode(), {"Content-Type": "application/json"}
    )
    with urllib.request.urlopen(request, timeout=60) as response:
        return json.load(response)


def roll(count=2):
    return [rng.randint(1, 6) for _ in range(count)]


def opening(start, context):
    """Roll the opening until someone starts (equal rolls: again); the starter, its dice, the cube."""
    count = start["next"]["dice_per_player"]
    while True:
        rolls = {"white": roll(count), "black": roll(count)}
        decided = call("/v1/opening", {"rolls": rolls, **context})
        context["cube"] = decided["cube"]  # automatic doubles turn it on a tie
        if not decided["reroll"]:
            return decided["starter"], decided["dice"]


def play_game(rules, match):
    """One game from /v1/start to the play (or drop) that ends it; its outcome with the match block."""
    start = call("/v1/start", {"rules": rules, "match": match})
    context = {"rules": start["rules"], "match": start["match"], "cube": start["cube"]}
    board, (turn, dice) = start["board"], opening(start, context)
    while True:
        if dice is None and start["rules"]["cube"] and rng.random() < 0.02:
            double = {"board": board, "turn": turn, "by": turn, "action": "double", **context}
            if call("/v1/cube", double)["legal"]:  # not in the Crawford game, nor the other's cube
                taker = "black" if turn == "white" else "white"  # answers the double
                verdict = call("/v1/cube", {**double, "by": taker, "action": rng.choice(["take", "drop"])})
                if verdict["outcome"]["game_over"]:
                    return verdict["outcome"]  # a drop: the match block is in the outcome
                context["cube"] = verdict["cube"]
        moves = call("/v1/moves", {"board": board, "turn": turn, "dice": dice or roll(), **context})
        play = rng.choice(moves["plays"])
        if play["outcome"]["game_over"]:
            return play["outcome"]
        board, turn, dice = play["board"], moves["next_turn"], None


def play_match(title, rules, length):
    match = {"length": length, "score": {"white": 0, "black": 0}, "crawford": False}
    print(f"{title}, {length} points")
    for game in range(1, 200):
        outcome = play_game(rules, match)
        block = outcome["match"]
        score = block["score"]
        result = f"{outcome['winner']} wins ({outcome['label']}, {block['points']} point(s))"
        print(f"  game {game}: {result}, score {score['white']}-{score['black']}")
        if block["over"]:
            print(f"  {block['winner']} wins the match")
            return block
        match = {"length": length, "score": block["score"], "crawford": block["crawford_next"]}


if __name__ == "__main__":
    play_match("Romanian match (Table)", {"preset": "romanian"}, 3)
    play_match("Standard match with the cube", {"preset": "standard"}, 5)

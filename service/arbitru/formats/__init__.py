"""Notations and file formats around the engine: GNU Backgammon IDs, XGID, FIBS boards, match
files, SVG pictures. Pure Python; no Flask here."""

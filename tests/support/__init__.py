"""Test helpers: an independent reference move generator, GNU Backgammon oracles, data loading."""

"""Trust without server-side state: signed game states, committed dice, signed verdicts.

`dice` is the commit-reveal dice (standard library only, so anyone can re-implement it from
docs/dice.md); `keys` holds the service's Ed25519 keys and their JWS signatures (joserfc);
`states` is the signed game state, a chain of compact JWS. The engine knows nothing of them: it
stays pure, and the HTTP layer asks these modules.
"""

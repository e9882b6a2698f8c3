"""The game engine: state, set-up, activations, decisions, clock, event log (layer 4)."""

"""The steps of a dragon's turn, one module per rule section: they roll, change the board and emit
events. Each is a plain function taking the duel as a :class:`~gmkit.dragons.context.DuelContext`
first; the engine (:mod:`gmkit.dragons.engine`) runs the round and calls :func:`.turn.take_turn`.

``common`` (helpers) · ``bennies`` (D-7: rerolls, soaks, ending Shaken) · ``tails`` (D-12) ·
``out`` (leaving the fight, D-8/D-9/D-13) · ``falling`` (D-9) · ``manoeuvres`` (D-11) ·
``turning`` (D-10, Powers) · ``wounds`` (D-8) · ``attacks`` (D-5..D-7) · ``movement`` (D-4) ·
``turn`` (D-1: one dragon's whole turn).
"""

"""The steps of a space battle that roll, change the board and emit events, one module per rule
section: ``turns`` (S-4 initiative and the turn order, with the start-of-turn checks of S-8),
``movement`` (S-2), ``fire`` (S-3, S-6, S-7, S-8), ``cloaking`` (S-10), ``chases`` (S-11),
``departure`` (S-12) and ``tractor`` (S-13); ``effects`` holds the board changes several of them
share (a beam let go, a ship destroyed or escaped, an escape failed).

Each is a plain function of the battle (:class:`~gmkit.space.context.Battle`), the acting ship and
its order. The orders reaching them have been checked (:mod:`gmkit.space.legal`), so they do not
check again; none imports the engine.
"""

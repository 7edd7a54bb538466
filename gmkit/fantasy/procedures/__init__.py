"""The procedures of rule set F: the steps that roll, change the board and emit events.

One module per rule section, each a set of plain functions taking a
:class:`~gmkit.fantasy.context.Context` (the engine is one):

* :mod:`.opening` -- F-1 life dice and the first phase of the fight;
* :mod:`.turns` -- F-6 order of battle: roll-offs, phases, whose turn, the end of the fight (F-7 levels);
* :mod:`.harm` -- F-3 damage taken, F-1 death, F-7 rewards, followers leaving with their leader;
* :mod:`.effects` -- F-4 special attacks, F-5 protection rolls, conditions and their ticking;
* :mod:`.attacks` -- F-2 to hit and F-3 damage: strikes, shots, targets picked by die;
* :mod:`.magic` -- F-6 spells and F-8 items;
* :mod:`.flight` -- F-9 morale and F-10 escape.

Nothing here imports the engine, and this package imports none of its modules.
"""

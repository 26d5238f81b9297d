"""Pure rule arithmetic: dice, the Victory Point chart, skill, Anima, FARAD, damage, wounds.

The bottom layer: numbers in, numbers out. Nothing here knows an encounter,
a command or a save; everything above may import it.
"""

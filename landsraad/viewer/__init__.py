"""The optional pyglet viewer (``pip install '.[viewer]'``, ``landsraad view``).

A top-down window on the 60 x 60 cm table: a scene editor, adjudication overlays computed by
:mod:`landsraad.geometry` (never re-implemented here) and the replay of saved games.

Only :mod:`landsraad.viewer.app` and :mod:`landsraad.viewer.draw` import pyglet; the other
modules (autosave, camera, editor, modes, overlays, pieces, playing, timeline) are plain Python, tested without a window. The
package is imported only when ``landsraad view`` runs, so the core never needs pyglet.
"""

"""The answers at the table, as a library (issue 39): each question one function returning a
typed result with ``to_dict()``; :mod:`landsraad.wording` turns results into lines; the CLI
only parses, calls and prints.

=================  =============================================  ==================
question           function                                       result
=================  =============================================  ==================
measure            :func:`.measure.measure`                       ``Measurement``
shot               :func:`.shot.shot`                             ``ShotAnswer``
move / charge      :func:`.moves.move_to`, ``move_into_contact``  ``MoveAnswer``
reach              :func:`.moves.reach`                           ``ReachAnswer``
template           :func:`.template.blast`, ``direct``            ``TemplateAnswer``
scene check        :func:`.check.check_scene`                     ``SceneCheck``
advice             :func:`.advice.advise`                         ``Advice``
threat map         :func:`.threat.threat_map`                     ``ThreatMap``
scenes and names   :mod:`.scenes`                                 -
=================  =============================================  ==================

Each submodule imports only what its question needs (``measure`` never loads the movement
graphs, ``move`` never the dice); import them directly (``from landsraad.table.measure import
measure``). Layer: players, output and CLI (5); it reads the geometry, the scene, the odds.
"""

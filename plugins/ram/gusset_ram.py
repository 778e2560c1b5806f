#!/usr/bin/env python3
"""Gusset RAM plugin: moves a RAM Structural System model to and from Gusset.

RAM SS keeps its model in a binary ``.rss`` database that only RAM itself can read. Bentley's RAM DataAccess
COM component (``RAMDataAccess.dll``, installed with RAM SS and tied to the installed version) is the way in.
This script runs on the engineer's Windows machine next to RAM:

    python gusset_ram.py push model.rss --model <id> [--server URL] [--token TOKEN] [--message TEXT]
    python gusset_ram.py pull model.rss --model <id> [--version ID] [--server URL] [--token TOKEN]

``push`` reads stories, beams, columns, braces, walls, floors (decks), sections and materials through DataAccess,
turns them into Gusset's canonical JSON model (``ram_to_canonical``) and uploads it as a new version with the
Gusset Python client. ``pull`` downloads a version and writes its stories, columns, beams and walls into the
``.rss`` file (``canonical_to_ram``).

HONESTY NOTE: this plugin has NOT been run against RAM here. Its mapping is tested against a stand-in
(``tests/ram_standin.py``) that records the DataAccess interface as documented in public sources. Our field
notes (docs/cis2-ram.md of the Gusset project) confirm only that DataAccess exists as a COM component, that it
is version-bound, that the newer "RAM Object Model" interfaces can add and change data, and that it is callable
from Python through COM. Every interface, method and property name below, and the unit conventions, come from
public code that uses DataAccess (BHoM's RAM_Toolkit) and are marked UNVERIFIED until someone runs this
against a real RAM installation.

Standard library only, plus ``comtypes`` (imported lazily, on Windows, when a command touches a ``.rss`` file).
"""

from __future__ import annotations

import argparse
import json
import math
import os
import sys
from typing import Any, Callable, Dict, Iterable, List, Optional, Tuple

# ---------------------------------------------------------------------------------------------------------------
# Units. RAM DataAccess answers lengths in inches (UNVERIFIED: BHoM's RAM_Toolkit converts every coordinate,
# elevation, storey height and wall thickness with ToInch/FromInch, which is where we take it from). Gusset's
# canonical model is in millimetres (src/engine/schema/common.ts), whatever the display unit.
# ---------------------------------------------------------------------------------------------------------------
MM_PER_INCH = 25.4
#: Kips to newtons and ksi to pascals, for the force-bearing fields a later version may read.
N_PER_KIP = 4448.2216152605
PA_PER_KSI = 6894757.2931783
#: Positions closer than this (mm) are one node: RAM has no shared node ids on its members.
NODE_TOLERANCE_MM = 0.5

SCHEMA_VERSION = 1

# Material enumeration values (EMATERIALTYPES), UNVERIFIED names from BHoM's RAM_Toolkit. The numbers are
# what the stand-in uses; the COM adapter maps the real enumeration through comtypes by name.
STEEL = "ESteelMat"
CONCRETE = "EConcreteMat"
WALL_CONCRETE = "EWallPropConcreteMat"
_MATERIAL_KIND = {STEEL: "steel", CONCRETE: "concrete", WALL_CONCRETE: "concrete"}

# Deck property kinds (EDeckType), UNVERIFIED.
DECK_COMPOSITE = "eDeckType_Composite"
DECK_CONCRETE = "eDeckType_Concrete"
DECK_NONCOMPOSITE = "eDeckType_NonComposite"


def inches_to_mm(value: float) -> float:
    """A RAM length (inches) as canonical millimetres, rounded to a micron so sums do not drift in the JSON."""
    return round(float(value) * MM_PER_INCH, 6)


def mm_to_inches(value: float) -> float:
    """A canonical length (mm) as RAM inches."""
    return round(float(value) / MM_PER_INCH, 9)


# ---------------------------------------------------------------------------------------------------------------
# Calling conventions. C# passes SCoordinate structures by reference (`GetEndCoordinates(ref start, ref end)`).
# Through comtypes an [out] parameter comes back as the return value instead (UNVERIFIED which one RAM's type
# library declares). `_call_with_coordinates` accepts either: it passes fresh SCoordinate objects, then uses the
# returned tuple when there is one, else the objects it passed.
# ---------------------------------------------------------------------------------------------------------------


class SCoordinate:
    """RAM's SCoordinate structure (dXLoc, dYLoc, dZLoc), in inches. UNVERIFIED field names (BHoM)."""

    def __init__(self, x: float = 0.0, y: float = 0.0, z: float = 0.0) -> None:
        self.dXLoc = x
        self.dYLoc = y
        self.dZLoc = z

    def __repr__(self) -> str:
        return "SCoordinate(%r, %r, %r)" % (self.dXLoc, self.dYLoc, self.dZLoc)


def _xyz(coordinate: Any) -> Tuple[float, float, float]:
    return (float(coordinate.dXLoc), float(coordinate.dYLoc), float(coordinate.dZLoc))


def _call_with_coordinates(method: Callable[..., Any], count: int, *leading: Any) -> List[Tuple[float, ...]]:
    passed = [SCoordinate() for _ in range(count)]
    returned = method(*leading, *passed)
    if isinstance(returned, (tuple, list)) and len(returned) >= count:
        coordinates = list(returned)[-count:]
    else:
        coordinates = passed
    return [_xyz(c) for c in coordinates]


def _items(collection: Any) -> Iterable[Any]:
    """The members of a DataAccess collection (GetCount / GetAt, UNVERIFIED but used throughout BHoM)."""
    for index in range(int(collection.GetCount())):
        yield collection.GetAt(index)


def _enum_name(value: Any) -> str:
    """An enumeration value as its name: the stand-in gives names; comtypes gives ints (mapped by the adapter)."""
    return str(value)


# ---------------------------------------------------------------------------------------------------------------
# RAM -> canonical
# ---------------------------------------------------------------------------------------------------------------


class _CanonicalBuilder:
    """Collects the canonical model's collections while the RAM model is walked."""

    def __init__(self) -> None:
        self.nodes: List[Dict[str, Any]] = []
        self._node_index: Dict[Tuple[int, int, int], str] = {}
        self.levels: List[Dict[str, Any]] = []
        self.materials: Dict[str, Dict[str, Any]] = {}
        self.profiles: Dict[str, Dict[str, Any]] = {}
        self.elements: List[Dict[str, Any]] = []
        self.level_elevations: List[Tuple[float, str]] = []

    def node(self, xyz_inches: Tuple[float, ...]) -> str:
        """The id of the node at this RAM position (inches), made on first use; ends within 0.5 mm are one."""
        x, y, z = (inches_to_mm(v) for v in xyz_inches)
        key = tuple(int(round(v / NODE_TOLERANCE_MM)) for v in (x, y, z))
        found = self._node_index.get(key)  # type: ignore[arg-type]
        if found is not None:
            return found
        node_id = "N%d" % (len(self.nodes) + 1)
        node: Dict[str, Any] = {
            "id": node_id,
            "source": {"tool": "ram"},
            "name": node_id,
            "attributes": {},
            "type": "Node",
            "x": x,
            "y": y,
            "z": z,
        }
        level_id = self.level_at(z)
        if level_id is not None:
            node["levelId"] = level_id
        self.nodes.append(node)
        self._node_index[key] = node_id  # type: ignore[index]
        return node_id

    def level_at(self, z_mm: float) -> Optional[str]:
        for elevation, level_id in self.level_elevations:
            if abs(elevation - z_mm) <= NODE_TOLERANCE_MM:
                return level_id
        return None

    def material(self, ram_material: str) -> str:
        kind = _MATERIAL_KIND.get(ram_material, "other")
        material_id = {"steel": "Steel", "concrete": "Concrete"}.get(kind, "Other")
        if material_id not in self.materials:
            # RAM members say only which kind of material they are (eMaterial); grades and moduli live in RAM's
            # material tables, which this version does not read, so no strength is invented here.
            self.materials[material_id] = {
                "id": material_id,
                "source": {"tool": "ram"},
                "name": material_id,
                "attributes": {"ramMaterial": ram_material},
                "type": "Material",
                "kind": kind,
            }
        return material_id

    def frame_profile(self, label: str, material_id: str) -> Optional[str]:
        label = (label or "").strip()
        if not label:
            return None
        if label not in self.profiles:
            # RAM names steel sections by their table designation (W14X22); Gusset keeps them as library shapes.
            self.profiles[label] = {
                "id": label,
                "source": {"tool": "ram"},
                "name": label,
                "attributes": {},
                "type": "Profile",
                "kind": "frame",
                "materialId": material_id,
                "section": {"shape": "library", "designation": label},
            }
        return label

    def shell_profile(self, name: str, use: str, thickness_mm: float, material_id: str) -> str:
        profile_id = name
        if profile_id not in self.profiles:
            self.profiles[profile_id] = {
                "id": profile_id,
                "source": {"tool": "ram"},
                "name": name,
                "attributes": {},
                "type": "Profile",
                "kind": "shell",
                "materialId": material_id,
                "use": use,
                "thickness": thickness_mm,
            }
        return profile_id


def _releases(fixed_i_major: Any, fixed_i_minor: Any, fixed_j_major: Any, fixed_j_minor: Any) -> Dict[str, Any]:
    """RAM's bMajAxisBendFixed*/bMinAxisBendFixed* flags (1 fixed, 0 pinned; UNVERIFIED) as canonical releases:
    a pinned major axis releases m3, a pinned minor axis releases m2."""

    def end(major: Any, minor: Any) -> Dict[str, bool]:
        return {
            "p": False,
            "v2": False,
            "v3": False,
            "t": False,
            "m2": int(minor) != 1,
            "m3": int(major) != 1,
        }

    return {"type": "Releases", "i": end(fixed_i_major, fixed_i_minor), "j": end(fixed_j_major, fixed_j_minor)}


def _frame(
    builder: _CanonicalBuilder,
    kind: str,
    element_id: str,
    member: Any,
    start: Tuple[float, ...],
    end: Tuple[float, ...],
    level_id: str,
) -> Dict[str, Any]:
    material_id = builder.material(_enum_name(member.eMaterial))
    element: Dict[str, Any] = {
        "id": element_id,
        "source": {"tool": "ram"},
        "name": str(member.lLabel),
        "attributes": {"ramUid": int(member.lUID)},
        "type": kind,
        "startNodeId": builder.node(start),
        "endNodeId": builder.node(end),
        "materialId": material_id,
        "levelId": level_id,
    }
    profile_id = builder.frame_profile(str(member.strSectionLabel), material_id)
    if profile_id is not None:
        element["profileId"] = profile_id
    return element


def ram_to_canonical(model_reader: Any, version: Optional[str] = None) -> Dict[str, Any]:
    """Reads a RAM model through the DataAccess IModel interface and returns Gusset's canonical JSON model.

    ``model_reader`` is RAM's IModel (through :class:`RamDataAccess`) or anything with the same interface
    (the tests' stand-in). Interfaces used, all UNVERIFIED beyond public code: IModel.GetStories, IStory
    (lUID, strLabel, dElevation, dFlrHeight, GetFloorType, GetColumns, GetBeams, GetVerticalBraces, GetWalls),
    IFloorType (lUID, strLabel, GetDecks), IColumn/IVerticalBrace.GetEndCoordinates, IBeam.GetCoordinates,
    IWall.GetEndCoordinates, IDeck.GetFinalPolygon / eDeckPropType / lPropID, and the slab property tables
    (GetConcreteSlabProps, GetCompositeDeckProps, GetNonCompDeckProps).
    """
    builder = _CanonicalBuilder()
    stories = list(_items(model_reader.GetStories()))
    # RAM lists stories from the bottom up (UNVERIFIED); sort by elevation so `height` is to the one below.
    stories.sort(key=lambda story: float(story.dElevation))

    # RAM's base (elevation 0, where the first story's columns stand) is not a story; Gusset's levels include
    # it, as ETABS's BASE, so the column bottoms sit on a level.
    builder.levels.append(
        {
            "id": "Base",
            "source": {"tool": "ram"},
            "name": "Base",
            "attributes": {},
            "type": "Level",
            "elevation": 0.0,
            "height": 0.0,
        }
    )
    builder.level_elevations.append((0.0, "Base"))
    for story in stories:
        elevation = inches_to_mm(story.dElevation)
        level_id = "L%d" % int(story.lUID)
        # dFlrHeight: the story's height above the story below (or above the base for the first one).
        height = inches_to_mm(story.dFlrHeight)
        builder.levels.append(
            {
                "id": level_id,
                "source": {"tool": "ram"},
                "name": str(story.strLabel),
                "attributes": {"ramFloorType": str(story.GetFloorType().strLabel)},
                "type": "Level",
                "elevation": elevation,
                "height": height,
            }
        )
        builder.level_elevations.append((elevation, level_id))

    slab_thickness = _slab_thickness_lookup(model_reader)

    for story in stories:
        level_id = "L%d" % int(story.lUID)
        for column in _items(story.GetColumns()):
            bottom, top = _call_with_coordinates(column.GetEndCoordinates, 2)
            element = _frame(builder, "Column", "C%d" % int(column.lUID), column, bottom, top, level_id)
            element["releases"] = _releases(
                column.bMajAxisBendFixedBot,
                column.bMinAxisBendFixedBot,
                column.bMajAxisBendFixedTop,
                column.bMinAxisBendFixedTop,
            )
            orientation = float(getattr(column, "dOrientation", 0.0) or 0.0)
            if orientation:
                element["orientationAngle"] = orientation
            builder.elements.append(element)

        for beam in _items(story.GetBeams()):
            # eBeamEnds: the member's end points, as opposed to its support points (UNVERIFIED enum name).
            start, end = _call_with_coordinates(beam.GetCoordinates, 2, "eBeamEnds")
            element = _frame(builder, "Beam", "B%d" % int(beam.lUID), beam, start, end, level_id)
            element["releases"] = _releases(
                beam.bMajAxisBendFixedStart,
                beam.bMinAxisBendFixedStart,
                beam.bMajAxisBendFixedEnd,
                beam.bMinAxisBendFixedEnd,
            )
            builder.elements.append(element)

        for brace in _items(story.GetVerticalBraces()):
            start, end = _call_with_coordinates(brace.GetEndCoordinates, 2)
            builder.elements.append(_frame(builder, "Brace", "VB%d" % int(brace.lUID), brace, start, end, level_id))

        for wall in _items(story.GetWalls()):
            top_start, top_end, bottom_start, bottom_end = _call_with_coordinates(wall.GetEndCoordinates, 4)
            material_id = builder.material(_enum_name(wall.eMaterial))
            thickness = inches_to_mm(wall.dThickness)
            profile_id = builder.shell_profile(
                "Wall %s mm" % _format_number(thickness), "wall", thickness, material_id
            )
            builder.elements.append(
                {
                    "id": "W%d" % int(wall.lUID),
                    "source": {"tool": "ram"},
                    "name": str(wall.lLabel),
                    "attributes": {"ramUid": int(wall.lUID)},
                    "type": "Wall",
                    # Counter-clockwise seen from the wall's face: bottom start, bottom end, top end, top start.
                    "nodeIds": [
                        builder.node(bottom_start),
                        builder.node(bottom_end),
                        builder.node(top_end),
                        builder.node(top_start),
                    ],
                    "profileId": profile_id,
                    "materialId": material_id,
                    "levelId": level_id,
                }
            )

        floor_type = story.GetFloorType()
        for deck in _items(floor_type.GetDecks()):
            # A floor type's decks repeat on every story that uses it, so the element id names the story too.
            outline = list(_items(deck.GetFinalPolygon(int(story.lUID), 0)))
            points = [_call_with_coordinates(point.GetCoordinate, 1)[0] for point in outline]
            # The outline lies on its story; RAM's points may carry z = 0 (UNVERIFIED), so the story sets z.
            flat = [(x, y, float(story.dElevation)) for (x, y, _z) in points]
            node_ids = _distinct_ring([builder.node(point) for point in flat])
            if len(node_ids) < 3:
                continue
            deck_kind = _enum_name(deck.eDeckPropType)
            label, thickness_in = slab_thickness(deck_kind, int(deck.lPropID))
            # A composite deck or a slab is carried by its concrete; a non-composite deck by its steel sheet.
            material_id = builder.material(STEEL if deck_kind == DECK_NONCOMPOSITE else CONCRETE)
            thickness = inches_to_mm(thickness_in)
            profile_id = builder.shell_profile(
                label or "Deck %s mm" % _format_number(thickness),
                "slab" if deck_kind == DECK_CONCRETE else "deck",
                thickness,
                material_id,
            )
            builder.elements.append(
                {
                    "id": "D%d@%s" % (int(deck.lUID), level_id),
                    "source": {"tool": "ram"},
                    "name": "%s deck %d" % (str(floor_type.strLabel), int(deck.lUID)),
                    "attributes": {"ramUid": int(deck.lUID), "ramDeckType": deck_kind},
                    "type": "Floor",
                    "nodeIds": node_ids,
                    "profileId": profile_id,
                    "materialId": material_id,
                    "levelId": level_id,
                }
            )

    source: Dict[str, Any] = {"tool": "ram"}
    if version:
        source["version"] = version
    return {
        "schemaVersion": SCHEMA_VERSION,
        # RAM works in feet and inches; feet is how a RAM user reads a plan.
        "units": "ft",
        "source": source,
        "sourceUnits": {"force": "kip", "length": "in"},
        "nodes": builder.nodes,
        "levels": builder.levels,
        "grids": [],
        "materials": list(builder.materials.values()),
        "profiles": list(builder.profiles.values()),
        "elements": builder.elements,
        "groups": [],
        "loadPatterns": [],
        "loadCases": [],
        "loadCombinations": [],
        "loads": [],
        "linkProperties": [],
        "springProperties": [],
        "diaphragms": [],
        "attributes": {},
    }


def _slab_thickness_lookup(model_reader: Any) -> Callable[[str, int], Tuple[str, float]]:
    """(label, thickness in inches) of a deck's property by kind and id, as BHoM reads them (UNVERIFIED)."""
    tables = {
        DECK_CONCRETE: ("GetConcreteSlabProps", "dThickness"),
        DECK_COMPOSITE: ("GetCompositeDeckProps", "dThickAboveFlutes"),
        DECK_NONCOMPOSITE: ("GetNonCompDeckProps", "dEffectiveThickness"),
    }

    def lookup(kind: str, prop_id: int) -> Tuple[str, float]:
        table = tables.get(kind)
        if table is None:
            return ("", 0.0)
        prop = getattr(model_reader, table[0])().Get(prop_id)
        return (str(prop.strLabel), float(getattr(prop, table[1])))

    return lookup


def _distinct_ring(node_ids: List[str]) -> List[str]:
    """A polygon's node ids without the closing repeat and without consecutive duplicates."""
    ring: List[str] = []
    for node_id in node_ids:
        if not ring or ring[-1] != node_id:
            ring.append(node_id)
    while len(ring) > 1 and ring[0] == ring[-1]:
        ring.pop()
    return ring


def _format_number(value: float) -> str:
    return ("%.1f" % value).rstrip("0").rstrip(".")


# ---------------------------------------------------------------------------------------------------------------
# canonical -> RAM
# ---------------------------------------------------------------------------------------------------------------


class WriteSummary:
    """What canonical_to_ram wrote and what it left out, for the command's report."""

    def __init__(self) -> None:
        self.written: Dict[str, int] = {}
        self.skipped: List[str] = []

    def wrote(self, what: str) -> None:
        self.written[what] = self.written.get(what, 0) + 1

    def skip(self, message: str) -> None:
        self.skipped.append(message)


def canonical_to_ram(model: Dict[str, Any], model_writer: Any) -> WriteSummary:
    """Writes a canonical model's levels, columns, beams and walls into a RAM model through DataAccess.

    ``model_writer`` is RAM's IModel of an open database (or the tests' stand-in). RAM lays members out per
    floor type, in plan, relative to the story: each level gets its own floor type (named after the level), a
    column is added on the floor type of the level at its top, a beam on the floor type of its level with z
    offsets from that level. Calls used, all UNVERIFIED beyond BHoM's RAM_Toolkit: IFloorTypes.Add(label),
    IStories.Add(floorTypeUID, label, height), IFloorType.GetLayoutColumns().Add / Add2,
    IFloorType.GetLayoutBeams().Add, IFloorType.GetLayoutWalls().Add, IStory.GetColumns().Get(uid) /
    GetBeams().Get(uid) to set strSectionLabel. Braces and floors are reported as skipped: the notes and the
    public code we read show no layout call for them that we could check.
    """
    summary = WriteSummary()
    nodes = {node["id"]: node for node in model.get("nodes", [])}
    profiles = {profile["id"]: profile for profile in model.get("profiles", [])}
    materials = {material["id"]: material for material in model.get("materials", [])}
    levels = sorted(model.get("levels", []), key=lambda level: level["elevation"])
    if levels and levels[0]["elevation"] < -NODE_TOLERANCE_MM:
        raise ValueError(
            "RAM needs the structure to start at elevation 0 or above; the lowest level %r is at %s mm. "
            "Move the model up before pulling it into RAM." % (levels[0]["name"], levels[0]["elevation"])
        )

    floor_types = model_writer.GetFloorTypes()
    stories = model_writer.GetStories()
    # RAM's base is elevation 0 and is not a story (UNVERIFIED: BHoM skips levels at or below 0).
    story_levels = [level for level in levels if level["elevation"] > NODE_TOLERANCE_MM]
    by_level: Dict[str, Tuple[Any, Any, float]] = {}
    below_mm = 0.0
    for level in story_levels:
        floor_type = floor_types.Add(level["name"])
        story = stories.Add(floor_type.lUID, level["name"], mm_to_inches(level["elevation"] - below_mm))
        by_level[level["id"]] = (story, floor_type, level["elevation"])
        below_mm = level["elevation"]
        summary.wrote("Level")

    def story_for(z_mm: float) -> Optional[Tuple[Any, Any, float]]:
        """The story at this elevation, else the lowest story above it (RAM snaps members to stories)."""
        candidates = [entry for entry in by_level.values() if entry[2] >= z_mm - NODE_TOLERANCE_MM]
        return min(candidates, key=lambda entry: entry[2]) if candidates else None

    def material_enum(element: Dict[str, Any]) -> str:
        material_id = element.get("materialId")
        if material_id is None and element.get("profileId") in profiles:
            material_id = profiles[element["profileId"]].get("materialId")
        kind = materials.get(material_id, {}).get("kind") if material_id else None
        return CONCRETE if kind == "concrete" else STEEL

    def section_label(element: Dict[str, Any]) -> Optional[str]:
        profile = profiles.get(element.get("profileId", ""))
        if profile is None or profile.get("kind") != "frame":
            return None
        section = profile["section"]
        return section.get("designation") if section.get("shape") == "library" else profile.get("name")

    for element in model.get("elements", []):
        kind = element.get("type")
        name = element.get("id")  # the id names the member in Gusset
        if kind == "Column":
            a, b = nodes[element["startNodeId"]], nodes[element["endNodeId"]]
            bottom, top = (a, b) if a["z"] <= b["z"] else (b, a)
            target = story_for(top["z"])
            if target is None:
                summary.skip("Column %s: no RAM story at its top (%s mm)." % (name, top["z"]))
                continue
            story, floor_type, _ = target
            layout = floor_type.GetLayoutColumns()
            if _same_plan_point(bottom, top):
                column = layout.Add(material_enum(element), mm_to_inches(top["x"]), mm_to_inches(top["y"]), 0, 0)
            else:
                column = layout.Add2(
                    material_enum(element),
                    mm_to_inches(top["x"]),
                    mm_to_inches(top["y"]),
                    mm_to_inches(bottom["x"]),
                    mm_to_inches(bottom["y"]),
                    0,
                    0,
                )
            label = section_label(element)
            if label:
                story.GetColumns().Get(column.lUID).strSectionLabel = label
            summary.wrote("Column")
        elif kind == "Beam":
            a, b = nodes[element["startNodeId"]], nodes[element["endNodeId"]]
            target = story_for(max(a["z"], b["z"]))
            if target is None:
                summary.skip("Beam %s: no RAM story at its elevation." % name)
                continue
            story, floor_type, elevation = target
            beam = floor_type.GetLayoutBeams().Add(
                material_enum(element),
                mm_to_inches(a["x"]),
                mm_to_inches(a["y"]),
                mm_to_inches(a["z"] - elevation),
                mm_to_inches(b["x"]),
                mm_to_inches(b["y"]),
                mm_to_inches(b["z"] - elevation),
            )
            label = section_label(element)
            if label:
                story.GetBeams().Get(beam.lUID).strSectionLabel = label
            summary.wrote("Beam")
        elif kind == "Wall":
            points = [nodes[node_id] for node_id in element["nodeIds"]]
            top_z = max(p["z"] for p in points)
            target = story_for(top_z)
            if target is None:
                summary.skip("Wall %s: no RAM story at its top." % name)
                continue
            _story, floor_type, _ = target
            start, end = _wall_plan_ends(points)
            profile = profiles.get(element.get("profileId", ""), {})
            thickness = profile.get("thickness") if profile.get("kind") == "shell" else None
            if not thickness:
                summary.skip("Wall %s: no thickness (its section has none), so RAM cannot lay it out." % name)
                continue
            floor_type.GetLayoutWalls().Add(
                WALL_CONCRETE,
                mm_to_inches(start[0]),
                mm_to_inches(start[1]),
                0,
                0,
                mm_to_inches(end[0]),
                mm_to_inches(end[1]),
                0,
                0,
                mm_to_inches(thickness),
            )
            summary.wrote("Wall")
        else:
            summary.skip("%s %s: this plugin does not write %s elements into RAM yet." % (kind, name, kind))
    return summary


def _same_plan_point(a: Dict[str, Any], b: Dict[str, Any]) -> bool:
    return math.hypot(a["x"] - b["x"], a["y"] - b["y"]) <= NODE_TOLERANCE_MM


def _wall_plan_ends(points: List[Dict[str, Any]]) -> Tuple[Tuple[float, float], Tuple[float, float]]:
    """The two plan points of a vertical wall panel farthest apart: its start and end in plan."""
    best = ((points[0]["x"], points[0]["y"]), (points[0]["x"], points[0]["y"]))
    best_length = -1.0
    for a in points:
        for b in points:
            length = math.hypot(a["x"] - b["x"], a["y"] - b["y"])
            if length > best_length:
                best_length = length
                best = ((a["x"], a["y"]), (b["x"], b["y"]))
    return best


# ---------------------------------------------------------------------------------------------------------------
# COM access (Windows, RAM installed). Nothing above this line touches COM.
# ---------------------------------------------------------------------------------------------------------------


class RamDataAccess:
    """Opens a ``.rss`` database through RAM DataAccess and hands out its IModel.

    UNVERIFIED (from BHoM's RAM_Toolkit, not from our notes): the COM class RamDataAccess1 of the type library
    RAMDATAACCESSLib, GetDispInterfacePointerByEnum with EINTERFACES.IDBIO1_INT / IModel_INT,
    IDBIO1.LoadDataBase2(path, client) (non-zero answers are errors: 25673 file open in RAM, 25657 version
    mismatch, 25674 both .rss and .ram exist, 301 .ram unreadable), CreateNewDatabase2(path, EUnits, client),
    SaveDatabase and CloseDatabase.
    """

    CLIENT = "Gusset"

    def __init__(self, path: str, create: bool = False) -> None:
        if sys.platform != "win32":
            raise SystemExit("RAM DataAccess is a Windows COM component: run this on the machine where RAM is installed.")
        try:
            import comtypes.client  # noqa: F401  (lazy: only needed next to RAM)
        except ImportError:
            raise SystemExit("comtypes is missing. Install it with:  python -m pip install comtypes")
        import comtypes.client as cc

        cc.GetModule("RAMDataAccess.dll")  # UNVERIFIED: RAM installs the type library under this name
        from comtypes.gen import RAMDATAACCESSLib as lib  # type: ignore

        self._lib = lib
        self._app = cc.CreateObject("RAMDataAccess1.RamDataAccess1")  # UNVERIFIED ProgID
        self._io = self._app.GetDispInterfacePointerByEnum(lib.IDBIO1_INT)
        self.path = os.path.abspath(path)
        if create and not os.path.exists(self.path):
            self._io.CreateNewDatabase2(self.path, lib.eUnitsEnglish, self.CLIENT)
        else:
            code = int(self._io.LoadDataBase2(self.path, self.CLIENT))
            if code != 0:
                raise SystemExit(_load_error(code, self.path))
        self.model = _EnumNamingProxy(self._app.GetDispInterfacePointerByEnum(lib.IModel_INT), lib)

    def save(self) -> None:
        self._io.SaveDatabase()

    def close(self) -> None:
        self._io.CloseDatabase()


def _load_error(code: int, path: str) -> str:
    known = {
        25673: "RAM cannot open %s: it is open in RAM Structural System. Close it in RAM and try again.",
        25657: "%s was saved by another RAM version than the one installed. Open and save it in this RAM version.",
        25674: "%s has both a .rss and a .ram file in RAM's working folder. Open it in RAM once, close RAM, retry.",
        301: "RAM could not read the working copy of %s. Open it in RAM once, close RAM, and try again.",
    }
    return known.get(code, "RAM DataAccess could not open %s (code " + str(code) + ").") % path


class _EnumNamingProxy:
    """Wraps COM objects so enumeration properties read as their names (the mapping compares names)."""

    _ENUM_FIELDS = ("eMaterial", "eDeckPropType")

    def __init__(self, target: Any, lib: Any) -> None:
        self._target = target
        self._lib = lib

    def __getattr__(self, name: str) -> Any:
        value = getattr(self._target, name)
        if name in self._ENUM_FIELDS:
            return _enum_value_name(self._lib, value)
        if callable(value):
            def call(*args: Any) -> Any:
                converted = [getattr(self._lib, a) if isinstance(a, str) and hasattr(self._lib, a) else a for a in args]
                converted = [_to_com_coordinate(self._lib, a) for a in converted]
                result = value(*converted)
                return _EnumNamingProxy(result, self._lib) if _is_com_object(result) else result

            return call
        return _EnumNamingProxy(value, self._lib) if _is_com_object(value) else value

    def __setattr__(self, name: str, value: Any) -> None:
        if name in ("_target", "_lib"):
            object.__setattr__(self, name, value)
        else:
            setattr(self._target, name, value)


def _is_com_object(value: Any) -> bool:
    return hasattr(value, "QueryInterface")


def _to_com_coordinate(lib: Any, value: Any) -> Any:
    if isinstance(value, SCoordinate) and hasattr(lib, "SCoordinate"):
        coordinate = lib.SCoordinate()
        coordinate.dXLoc, coordinate.dYLoc, coordinate.dZLoc = value.dXLoc, value.dYLoc, value.dZLoc
        return coordinate
    return value


def _enum_value_name(lib: Any, value: Any) -> str:
    for name in (STEEL, CONCRETE, WALL_CONCRETE, DECK_COMPOSITE, DECK_CONCRETE, DECK_NONCOMPOSITE):
        if getattr(lib, name, object()) == value:
            return name
    return str(value)


# ---------------------------------------------------------------------------------------------------------------
# Command line
# ---------------------------------------------------------------------------------------------------------------


def _import_client() -> Any:
    """The Gusset Python client from the sibling folder (the download ships plugins/ram and plugins/python side by
    side, as in the repository), or from wherever it is installed."""
    here = os.path.dirname(os.path.abspath(__file__))
    sibling = os.path.join(os.path.dirname(here), "python")
    if os.path.isdir(sibling) and sibling not in sys.path:
        sys.path.insert(0, sibling)
    import gusset_client  # type: ignore

    return gusset_client


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="gusset_ram.py",
        description="Push a RAM Structural System model to Gusset, or pull a Gusset version into RAM.",
    )
    commands = parser.add_subparsers(dest="command", required=True)

    def common(command: argparse.ArgumentParser) -> None:
        command.add_argument("rss", help="the RAM model file (.rss)")
        command.add_argument("--model", required=True, help="the Gusset model id")
        command.add_argument(
            "--server", default=os.environ.get("GUSSET_URL", "http://localhost:3000"), help="Gusset's address"
        )
        command.add_argument(
            "--token", default=os.environ.get("GUSSET_TOKEN"), help="your Gusset token (or set GUSSET_TOKEN)"
        )

    push = commands.add_parser("push", help="read the .rss file and upload it as a new Gusset version")
    common(push)
    push.add_argument("--message", help="a note for the new version")
    pull = commands.add_parser("pull", help="write a Gusset version into the .rss file (created when missing)")
    common(pull)
    pull.add_argument("--version", help="the version id (default: the latest)")
    return parser


def main(argv: Optional[List[str]] = None) -> int:
    args = _parser().parse_args(argv)
    if not args.token:
        print("A Gusset token is needed: pass --token or set GUSSET_TOKEN.", file=sys.stderr)
        return 2
    client_module = _import_client()
    client = client_module.GussetClient(args.server, args.token)
    try:
        if args.command == "push":
            ram = RamDataAccess(args.rss)
            try:
                model = ram_to_canonical(ram.model)
            finally:
                ram.close()
            name = os.path.splitext(os.path.basename(args.rss))[0] + ".json"
            answer = client.push(args.model, model, message=args.message, file_name=name)
            print("Uploaded %d elements from %s: %s" % (len(model["elements"]), args.rss, json.dumps(answer)))
        else:
            model = client.pull(args.model, args.version)
            ram = RamDataAccess(args.rss, create=True)
            try:
                summary = canonical_to_ram(model, ram.model)
                ram.save()
            finally:
                ram.close()
            print("Wrote into %s: %s" % (args.rss, json.dumps(summary.written)))
            for message in summary.skipped:
                print("Skipped: " + message)
    except client_module.GussetError as error:
        print("Gusset answered %s: %s" % (error.status, error.message), file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())

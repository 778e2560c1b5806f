"""A stand-in for RAM DataAccess's IModel: the interfaces gusset_ram.py calls, recording every call.

It is NOT RAM. It reproduces the interface as public code that uses DataAccess shows it (BHoM's RAM_Toolkit:
names, argument order, SCoordinate by reference, lengths in inches) so the mapping can be tested where RAM is
not installed. Where RAM's real behaviour is unknown (story order, whether [out] coordinates come back as a
return value or through the arguments) the stand-in can be switched, and the tests run both ways.

`two_storey_steel_building()` is a small braced steel frame: 30 ft x 20 ft in plan, two 12 ft stories, four
W10X33 columns per story, W16X26 beams along X and W12X19 along Y, one HSS6X6X1/2 brace and one 8 in concrete
wall in the first story, a composite deck on the floor and a non-composite roof deck.
"""

from __future__ import annotations

from typing import Any, Dict, List, Optional, Tuple

Call = Tuple[str, Tuple[Any, ...]]


class Recorder:
    """Shared call log: every method call and property assignment, in order, as (path, arguments)."""

    def __init__(self) -> None:
        self.calls: List[Call] = []

    def record(self, path: str, *args: Any) -> None:
        self.calls.append((path, tuple(args)))


class _Recorded:
    """An interface object whose property assignments are recorded (methods record themselves)."""

    _path = "object"

    def __init__(self, recorder: Recorder, path: str) -> None:
        object.__setattr__(self, "_recorder", recorder)
        object.__setattr__(self, "_path", path)

    def __setattr__(self, name: str, value: Any) -> None:
        if not name.startswith("_"):
            self._recorder.record("%s.%s=" % (self._path, name), value)
        object.__setattr__(self, name, value)


class Collection(_Recorded):
    """IStories, IBeams, IColumns, IFloorTypes…: GetCount / GetAt, and Get(uid)."""

    def __init__(self, recorder: Recorder, path: str, items: Optional[List[Any]] = None) -> None:
        super().__init__(recorder, path)
        object.__setattr__(self, "items", list(items or []))

    def GetCount(self) -> int:
        return len(self.items)

    def GetAt(self, index: int) -> Any:
        return self.items[index]

    def Get(self, uid: int) -> Any:
        self._recorder.record(self._path + ".Get", uid)
        for item in self.items:
            if item.lUID == uid:
                return item
        raise KeyError("no member with lUID %r in %s" % (uid, self._path))


def _fill(target: Any, source: Any) -> None:
    target.dXLoc, target.dYLoc, target.dZLoc = source


class CoordinateConvention:
    """How the fake hands back SCoordinates: through the passed objects (C# `ref`) or as a returned tuple."""

    by_reference = True


def _give(points: List[Tuple[float, float, float]], passed: Tuple[Any, ...]) -> Any:
    if CoordinateConvention.by_reference:
        for target, point in zip(passed, points):
            _fill(target, point)
        return None
    from gusset_ram import SCoordinate

    return tuple(SCoordinate(*point) for point in points)


class Member(_Recorded):
    """IColumn, IBeam, IVerticalBrace: lUID, lLabel, strSectionLabel, eMaterial, fixity flags, end points."""

    def __init__(
        self,
        recorder: Recorder,
        path: str,
        uid: int,
        label: int,
        section: str,
        material: str,
        start: Tuple[float, float, float],
        end: Tuple[float, float, float],
        fixed: int = 0,
    ) -> None:
        super().__init__(recorder, path)
        for name, value in (
            ("lUID", uid),
            ("lLabel", label),
            ("strSectionLabel", section),
            ("eMaterial", material),
            ("dOrientation", 0.0),
            ("bMajAxisBendFixedStart", fixed),
            ("bMinAxisBendFixedStart", fixed),
            ("bMajAxisBendFixedEnd", fixed),
            ("bMinAxisBendFixedEnd", fixed),
            ("bMajAxisBendFixedTop", fixed),
            ("bMinAxisBendFixedTop", fixed),
            ("bMajAxisBendFixedBot", fixed),
            ("bMinAxisBendFixedBot", fixed),
        ):
            object.__setattr__(self, name, value)
        object.__setattr__(self, "_ends", [start, end])

    def GetEndCoordinates(self, *passed: Any) -> Any:
        """IColumn / IVerticalBrace: (bottom or start, top or end)."""
        return _give(self._ends, passed)

    def GetCoordinates(self, location: str, *passed: Any) -> Any:
        """IBeam: the ends for EBeamCoordLoc.eBeamEnds."""
        if location != "eBeamEnds":
            raise ValueError("the stand-in knows only eBeamEnds")
        return _give(self._ends, passed)


class Wall(_Recorded):
    """IWall: GetEndCoordinates(topStart, topEnd, bottomStart, bottomEnd), dThickness (in), eMaterial."""

    def __init__(self, recorder: Recorder, path: str, uid: int, start: Tuple[float, float], end: Tuple[float, float],
                 bottom: float, top: float, thickness: float) -> None:
        super().__init__(recorder, path)
        object.__setattr__(self, "lUID", uid)
        object.__setattr__(self, "lLabel", uid)
        object.__setattr__(self, "eMaterial", "EWallPropConcreteMat")
        object.__setattr__(self, "dThickness", thickness)
        object.__setattr__(
            self,
            "_corners",
            [(start[0], start[1], top), (end[0], end[1], top), (start[0], start[1], bottom), (end[0], end[1], bottom)],
        )

    def GetEndCoordinates(self, *passed: Any) -> Any:
        return _give(self._corners, passed)


class Point(_Recorded):
    def __init__(self, recorder: Recorder, path: str, xyz: Tuple[float, float, float]) -> None:
        super().__init__(recorder, path)
        object.__setattr__(self, "_xyz", xyz)

    def GetCoordinate(self, *passed: Any) -> Any:
        return _give([self._xyz], passed)


class Deck(_Recorded):
    """IDeck: lUID, lPropID, eDeckPropType, GetFinalPolygon(storyUID, index) -> IPoints (z = 0, plan only)."""

    def __init__(self, recorder: Recorder, path: str, uid: int, prop_id: int, kind: str,
                 outline: List[Tuple[float, float]]) -> None:
        super().__init__(recorder, path)
        object.__setattr__(self, "lUID", uid)
        object.__setattr__(self, "lPropID", prop_id)
        object.__setattr__(self, "eDeckPropType", kind)
        object.__setattr__(self, "_outline", outline)

    def GetFinalPolygon(self, story_uid: int, index: int) -> Collection:
        self._recorder.record(self._path + ".GetFinalPolygon", story_uid, index)
        points = [Point(self._recorder, self._path + ".point", (x, y, 0.0)) for x, y in self._outline]
        # RAM closes the ring by repeating the first point (UNVERIFIED; BHoM re-adds it itself).
        points.append(Point(self._recorder, self._path + ".point", (self._outline[0][0], self._outline[0][1], 0.0)))
        return Collection(self._recorder, self._path + ".points", points)


class LayoutList(Collection):
    """ILayoutColumns / ILayoutBeams / ILayoutWalls: Add… creates a layout member and the story members."""

    def __init__(self, recorder: Recorder, path: str, model: "StandInModel", floor_type: "FloorType", kind: str) -> None:
        super().__init__(recorder, path)
        object.__setattr__(self, "_model", model)
        object.__setattr__(self, "_floor_type", floor_type)
        object.__setattr__(self, "_kind", kind)

    def _add(self, method: str, args: Tuple[Any, ...]) -> Any:
        self._recorder.record("%s.%s" % (self._path, method), *args)
        uid = self._model.next_uid()
        layout = _Recorded(self._recorder, "%s[%d]" % (self._path, uid))
        object.__setattr__(layout, "lUID", uid)
        self.items.append(layout)
        for story in self._model.stories.items:
            if story.floor_type is self._floor_type:
                member = _Recorded(self._recorder, "%s.%s[%d]" % (story._path, self._kind, uid))
                object.__setattr__(member, "lUID", uid)
                getattr(story, "_" + self._kind).items.append(member)
        return layout

    def Add(self, *args: Any) -> Any:
        return self._add("Add", args)

    def Add2(self, *args: Any) -> Any:
        return self._add("Add2", args)


class FloorType(_Recorded):
    def __init__(self, recorder: Recorder, model: "StandInModel", uid: int, label: str) -> None:
        super().__init__(recorder, "FloorType[%s]" % label)
        object.__setattr__(self, "lUID", uid)
        object.__setattr__(self, "strLabel", label)
        object.__setattr__(self, "_decks", Collection(recorder, self._path + ".Decks"))
        for kind in ("Columns", "Beams", "Walls"):
            object.__setattr__(
                self, "_layout" + kind, LayoutList(recorder, "%s.Layout%s" % (self._path, kind), model, self, kind)
            )

    def GetDecks(self) -> Collection:
        return self._decks

    def GetLayoutColumns(self) -> LayoutList:
        return self._layoutColumns

    def GetLayoutBeams(self) -> LayoutList:
        return self._layoutBeams

    def GetLayoutWalls(self) -> LayoutList:
        return self._layoutWalls


class Story(_Recorded):
    def __init__(self, recorder: Recorder, uid: int, label: str, elevation: float, height: float,
                 floor_type: FloorType) -> None:
        super().__init__(recorder, "Story[%s]" % label)
        for name, value in (("lUID", uid), ("strLabel", label), ("dElevation", elevation), ("dFlrHeight", height),
                            ("floor_type", floor_type)):
            object.__setattr__(self, name, value)
        for kind in ("Columns", "Beams", "VerticalBraces", "Walls"):
            object.__setattr__(self, "_" + kind, Collection(recorder, "%s.%s" % (self._path, kind)))

    def GetFloorType(self) -> FloorType:
        return self.floor_type

    def GetColumns(self) -> Collection:
        return self._Columns

    def GetBeams(self) -> Collection:
        return self._Beams

    def GetVerticalBraces(self) -> Collection:
        return self._VerticalBraces

    def GetWalls(self) -> Collection:
        return self._Walls


class Stories(Collection):
    """IStories.Add(floorTypeUID, label, height): a story on top of the others (elevation = top + height)."""

    def __init__(self, recorder: Recorder, model: "StandInModel") -> None:
        super().__init__(recorder, "Stories")
        object.__setattr__(self, "_model", model)

    def Add(self, floor_type_uid: int, label: str, height: float) -> Story:
        self._recorder.record("Stories.Add", floor_type_uid, label, height)
        floor_type = next(ft for ft in self._model.floor_types.items if ft.lUID == floor_type_uid)
        top = max((story.dElevation for story in self.items), default=0.0)
        story = Story(self._recorder, self._model.next_uid(), label, top + height, height, floor_type)
        self.items.append(story)
        return story


class FloorTypes(Collection):
    def __init__(self, recorder: Recorder, model: "StandInModel") -> None:
        super().__init__(recorder, "FloorTypes")
        object.__setattr__(self, "_model", model)

    def Add(self, label: str) -> FloorType:
        self._recorder.record("FloorTypes.Add", label)
        floor_type = FloorType(self._recorder, self._model, self._model.next_uid(), label)
        self.items.append(floor_type)
        return floor_type


class SlabProps(Collection):
    pass


class StandInModel(Recorder):
    """IModel: GetStories, GetFloorTypes and the slab property tables."""

    def __init__(self) -> None:
        super().__init__()
        self._uid = 1000
        self.stories = Stories(self, self)
        self.floor_types = FloorTypes(self, self)
        self.slab_props: Dict[str, SlabProps] = {
            name: SlabProps(self, name)
            for name in ("GetConcreteSlabProps", "GetCompositeDeckProps", "GetNonCompDeckProps")
        }

    def next_uid(self) -> int:
        self._uid += 1
        return self._uid

    def GetStories(self) -> Stories:
        return self.stories

    def GetFloorTypes(self) -> FloorTypes:
        return self.floor_types

    def GetConcreteSlabProps(self) -> SlabProps:
        return self.slab_props["GetConcreteSlabProps"]

    def GetCompositeDeckProps(self) -> SlabProps:
        return self.slab_props["GetCompositeDeckProps"]

    def GetNonCompDeckProps(self) -> SlabProps:
        return self.slab_props["GetNonCompDeckProps"]


# Plan of the building, inches: column lines at X = 0 and 360 (30 ft), Y = 0 and 240 (20 ft).
PLAN = [(0.0, 0.0), (360.0, 0.0), (360.0, 240.0), (0.0, 240.0)]
STORY_HEIGHT = 144.0  # 12 ft


def two_storey_steel_building(stories_listed_top_down: bool = False) -> StandInModel:
    """The stand-in building (see the module docstring). RAM lists stories bottom-up in the public code we
    read; `stories_listed_top_down` checks the mapping does not rely on it."""
    model = StandInModel()
    rec = model
    floor = FloorType(rec, model, 100, "Floor")
    roof = FloorType(rec, model, 200, "Roof")
    model.floor_types.items.extend([floor, roof])
    story_1 = Story(rec, 10, "Level 1", STORY_HEIGHT, STORY_HEIGHT, floor)
    story_2 = Story(rec, 20, "Level 2", 2 * STORY_HEIGHT, STORY_HEIGHT, roof)
    model.stories.items.extend([story_2, story_1] if stories_listed_top_down else [story_1, story_2])

    uid = 0
    for story in (story_1, story_2):
        bottom = story.dElevation - STORY_HEIGHT
        for x, y in PLAN:
            uid += 1
            story.GetColumns().items.append(
                Member(rec, "%s.Column[%d]" % (story._path, uid), uid, uid, "W10X33", "ESteelMat",
                       (x, y, bottom), (x, y, story.dElevation), fixed=1)
            )
        for index, (x1, y1) in enumerate(PLAN):
            x2, y2 = PLAN[(index + 1) % len(PLAN)]
            uid += 1
            section = "W16X26" if y1 == y2 else "W12X19"
            story.GetBeams().items.append(
                Member(rec, "%s.Beam[%d]" % (story._path, uid), uid, uid, section, "ESteelMat",
                       (x1, y1, story.dElevation), (x2, y2, story.dElevation), fixed=0)
            )
    story_1.GetVerticalBraces().items.append(
        Member(rec, "Story[Level 1].VerticalBrace[900]", 900, 1, "HSS6X6X1/2", "ESteelMat",
               (0.0, 0.0, 0.0), (360.0, 0.0, STORY_HEIGHT))
    )
    story_1.GetWalls().items.append(
        Wall(rec, "Story[Level 1].Wall[950]", 950, (0.0, 0.0), (0.0, 240.0), 0.0, STORY_HEIGHT, 8.0)
    )

    composite = _Recorded(rec, "CompositeDeckProp[1]")
    for name, value in (("lUID", 1), ("strLabel", "2VLI20 + 3.25 LW"), ("dThickAboveFlutes", 3.25)):
        object.__setattr__(composite, name, value)
    roof_deck = _Recorded(rec, "NonCompDeckProp[2]")
    for name, value in (("lUID", 2), ("strLabel", "1.5B22 roof deck"), ("dEffectiveThickness", 0.0295)):
        object.__setattr__(roof_deck, name, value)
    model.slab_props["GetCompositeDeckProps"].items.append(composite)
    model.slab_props["GetNonCompDeckProps"].items.append(roof_deck)
    floor.GetDecks().items.append(Deck(rec, "FloorType[Floor].Deck[700]", 700, 1, "eDeckType_Composite", PLAN))
    roof.GetDecks().items.append(Deck(rec, "FloorType[Roof].Deck[800]", 800, 2, "eDeckType_NonComposite", PLAN))
    model.calls.clear()
    return model


def empty_model() -> StandInModel:
    """A new, empty RAM database (what CreateNewDatabase2 gives), for the write direction."""
    return StandInModel()

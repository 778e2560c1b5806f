"""The RAM plugin's mapping against the DataAccess stand-in (run: python3 -m unittest discover plugins/ram/tests).

These tests pin what an engineer would see: the stories, members, end points, sections and materials that reach
Gusset, the units conversion, and the RAM calls a pull makes, in order. They say nothing about real RAM: the
stand-in is our reading of the public interface (see ram_standin.py).
"""

import os
import sys
import unittest

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.dirname(HERE))
sys.path.insert(0, HERE)

import ram_standin  # noqa: E402
from gusset_ram import (  # noqa: E402
    MM_PER_INCH,
    canonical_to_ram,
    inches_to_mm,
    mm_to_inches,
    ram_to_canonical,
)
from ram_standin import PLAN, STORY_HEIGHT, empty_model, two_storey_steel_building  # noqa: E402


def by_id(items):
    return {item["id"]: item for item in items}


def point(model, node_id):
    node = by_id(model["nodes"])[node_id]
    return (node["x"], node["y"], node["z"])


class UnitsTest(unittest.TestCase):
    def test_inches_become_millimetres_and_back(self):
        # 12 ft = 144 in = 3657.6 mm exactly; a RAM user reads feet, Gusset stores mm.
        self.assertEqual(inches_to_mm(144), 3657.6)
        self.assertAlmostEqual(mm_to_inches(3657.6), 144.0, places=9)
        self.assertEqual(MM_PER_INCH, 25.4)


class RamToCanonicalTest(unittest.TestCase):
    def setUp(self):
        self.model = ram_to_canonical(two_storey_steel_building())

    def test_it_is_a_ram_model_in_canonical_units(self):
        self.assertEqual(self.model["schemaVersion"], 1)
        self.assertEqual(self.model["source"], {"tool": "ram"})
        self.assertEqual(self.model["units"], "ft")
        self.assertEqual(self.model["sourceUnits"], {"force": "kip", "length": "in"})

    def test_stories_become_levels_above_a_base(self):
        levels = [(level["name"], level["elevation"], level["height"]) for level in self.model["levels"]]
        storey_mm = STORY_HEIGHT * 25.4
        self.assertEqual(levels, [("Base", 0.0, 0.0), ("Level 1", storey_mm, storey_mm), ("Level 2", 2 * storey_mm, storey_mm)])

    def test_story_order_from_ram_does_not_matter(self):
        top_down = ram_to_canonical(two_storey_steel_building(stories_listed_top_down=True))
        self.assertEqual([level["name"] for level in top_down["levels"]], ["Base", "Level 1", "Level 2"])

    def test_members_by_kind(self):
        counts = {}
        for element in self.model["elements"]:
            counts[element["type"]] = counts.get(element["type"], 0) + 1
        self.assertEqual(counts, {"Column": 8, "Beam": 8, "Brace": 1, "Wall": 1, "Floor": 2})

    def test_members_meeting_at_a_point_share_one_node(self):
        # 4 plan points x 3 elevations: the brace, wall and deck corners all land on column ends.
        self.assertEqual(len(self.model["nodes"]), 12)
        self.assertEqual(len({(n["x"], n["y"], n["z"]) for n in self.model["nodes"]}), 12)

    def test_column_ends_in_millimetres_bottom_to_top(self):
        column = by_id(self.model["elements"])["C3"]  # third column of Level 1, at (360 in, 240 in)
        self.assertEqual(point(self.model, column["startNodeId"]), (9144.0, 6096.0, 0.0))
        self.assertEqual(point(self.model, column["endNodeId"]), (9144.0, 6096.0, 3657.6))
        self.assertEqual(column["profileId"], "W10X33")
        self.assertEqual(column["levelId"], "L10")
        # Fixed both ways at both ends in the stand-in: nothing released.
        self.assertFalse(any(column["releases"]["i"].values()) or any(column["releases"]["j"].values()))

    def test_beams_are_pinned_and_carry_their_section(self):
        beams = [e for e in self.model["elements"] if e["type"] == "Beam"]
        self.assertEqual(sorted({b["profileId"] for b in beams}), ["W12X19", "W16X26"])
        beam = by_id(self.model["elements"])["B13"]  # first Level 2 beam, along X
        self.assertEqual(point(self.model, beam["startNodeId"]), (0.0, 0.0, 7315.2))
        self.assertEqual(point(self.model, beam["endNodeId"]), (9144.0, 0.0, 7315.2))
        self.assertEqual(beam["profileId"], "W16X26")
        self.assertTrue(beam["releases"]["i"]["m3"] and beam["releases"]["j"]["m3"])
        self.assertTrue(beam["releases"]["i"]["m2"])
        self.assertFalse(beam["releases"]["i"]["v2"])

    def test_brace_runs_corner_to_corner(self):
        brace = by_id(self.model["elements"])["VB900"]
        self.assertEqual(point(self.model, brace["startNodeId"]), (0.0, 0.0, 0.0))
        self.assertEqual(point(self.model, brace["endNodeId"]), (9144.0, 0.0, 3657.6))
        self.assertEqual(brace["profileId"], "HSS6X6X1/2")

    def test_wall_panel_and_thickness(self):
        wall = by_id(self.model["elements"])["W950"]
        corners = [point(self.model, node_id) for node_id in wall["nodeIds"]]
        self.assertEqual(corners, [(0.0, 0.0, 0.0), (0.0, 6096.0, 0.0), (0.0, 6096.0, 3657.6), (0.0, 0.0, 3657.6)])
        profile = by_id(self.model["profiles"])[wall["profileId"]]
        self.assertEqual((profile["kind"], profile["use"], profile["thickness"]), ("shell", "wall", 203.2))
        self.assertEqual(wall["materialId"], "Concrete")

    def test_decks_lie_on_their_story_with_the_deck_property(self):
        floor = by_id(self.model["elements"])["D700@L10"]
        corners = [point(self.model, node_id) for node_id in floor["nodeIds"]]
        self.assertEqual(corners, [(x * 25.4, y * 25.4, 3657.6) for x, y in PLAN])
        profile = by_id(self.model["profiles"])[floor["profileId"]]
        self.assertEqual((profile["name"], profile["use"], profile["thickness"]), ("2VLI20 + 3.25 LW", "deck", 82.55))
        self.assertEqual(floor["materialId"], "Concrete")
        roof = by_id(self.model["elements"])["D800@L20"]
        self.assertEqual(roof["materialId"], "Steel")

    def test_sections_and_materials(self):
        frame_sections = sorted(p["id"] for p in self.model["profiles"] if p["kind"] == "frame")
        self.assertEqual(frame_sections, ["HSS6X6X1/2", "W10X33", "W12X19", "W16X26"])
        for profile in self.model["profiles"]:
            if profile["kind"] == "frame":
                self.assertEqual(profile["section"], {"shape": "library", "designation": profile["id"]})
        kinds = {m["id"]: m["kind"] for m in self.model["materials"]}
        self.assertEqual(kinds, {"Steel": "steel", "Concrete": "concrete"})
        # RAM members state a material kind only; the plugin must not invent a strength.
        self.assertTrue(all("fy" not in m and "elasticModulus" not in m for m in self.model["materials"]))

    def test_coordinates_returned_instead_of_by_reference(self):
        # comtypes may hand [out] structures back as the return value; both conventions give the same model.
        ram_standin.CoordinateConvention.by_reference = False
        try:
            returned = ram_to_canonical(two_storey_steel_building())
        finally:
            ram_standin.CoordinateConvention.by_reference = True
        self.assertEqual(returned, self.model)


class CanonicalToRamTest(unittest.TestCase):
    def setUp(self):
        self.source = ram_to_canonical(two_storey_steel_building())
        self.ram = empty_model()
        self.summary = canonical_to_ram(self.source, self.ram)
        self.calls = self.ram.calls

    def named(self, prefix):
        return [call for call in self.calls if call[0].startswith(prefix) or prefix in call[0]]

    def test_stories_first_in_order_with_heights_in_inches(self):
        first_four = self.calls[:4]
        self.assertEqual(
            first_four,
            [
                ("FloorTypes.Add", ("Level 1",)),
                ("Stories.Add", (1001, "Level 1", 144.0)),
                ("FloorTypes.Add", ("Level 2",)),
                ("Stories.Add", (1003, "Level 2", 144.0)),
            ],
        )
        stories = [(s.strLabel, s.dElevation) for s in self.ram.stories.items]
        self.assertEqual(stories, [("Level 1", 144.0), ("Level 2", 288.0)])

    def test_columns_are_laid_out_at_their_top_story_in_plan_inches(self):
        adds = [call for call in self.calls if call[0] == "FloorType[Level 1].LayoutColumns.Add"]
        self.assertEqual(adds, [("FloorType[Level 1].LayoutColumns.Add", ("ESteelMat", x, y, 0, 0)) for x, y in PLAN])
        self.assertEqual(len([c for c in self.calls if c[0] == "FloorType[Level 2].LayoutColumns.Add"]), 4)

    def test_each_layout_add_is_followed_by_its_section_label(self):
        for index, call in enumerate(self.calls):
            if call[0].endswith("LayoutColumns.Add") or call[0].endswith("LayoutBeams.Add"):
                following = self.calls[index + 1: index + 3]
                self.assertTrue(following[0][0].endswith(".Get"), following)
                self.assertTrue(following[1][0].endswith(".strSectionLabel="), following)
        labels = [call[1][0] for call in self.calls if call[0].endswith("strSectionLabel=")]
        self.assertEqual(labels, ["W10X33"] * 4 + ["W16X26", "W12X19", "W16X26", "W12X19"] + ["W10X33"] * 4
                         + ["W16X26", "W12X19", "W16X26", "W12X19"])

    def test_beams_in_plan_with_zero_offset_from_their_story(self):
        adds = [call[1] for call in self.calls if call[0] == "FloorType[Level 2].LayoutBeams.Add"]
        self.assertEqual(adds[0], ("ESteelMat", 0.0, 0.0, 0.0, 360.0, 0.0, 0.0))
        self.assertEqual(len(adds), 4)

    def test_wall_with_its_thickness_in_inches(self):
        adds = [call[1] for call in self.calls if call[0] == "FloorType[Level 1].LayoutWalls.Add"]
        self.assertEqual(adds, [("EWallPropConcreteMat", 0.0, 0.0, 0, 0, 0.0, 240.0, 0, 0, 8.0)])

    def test_what_is_not_written_is_reported(self):
        self.assertEqual(self.summary.written, {"Level": 2, "Column": 8, "Beam": 8, "Wall": 1})
        self.assertEqual(len(self.summary.skipped), 3)
        self.assertTrue(any(message.startswith("Brace VB900") for message in self.summary.skipped))

    def test_round_trip_keeps_the_members(self):
        # What was pulled into the stand-in reads back as the same stories and the same members per story.
        stories = self.ram.stories.items
        self.assertEqual([len(s.GetColumns().items) for s in stories], [4, 4])
        self.assertEqual([len(s.GetBeams().items) for s in stories], [4, 4])

    def test_a_model_below_zero_is_refused_with_a_reason(self):
        lowered = dict(self.source)
        lowered["levels"] = [dict(level, elevation=level["elevation"] - 5000) for level in self.source["levels"]]
        with self.assertRaises(ValueError) as raised:
            canonical_to_ram(lowered, empty_model())
        self.assertIn("elevation 0 or above", str(raised.exception))


if __name__ == "__main__":
    unittest.main()

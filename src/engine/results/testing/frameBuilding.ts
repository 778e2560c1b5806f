/**
 * A one-storey ETABS frame and its beam forces, for the results journeys (server suite and e2e): the revision
 * moves B2's far end, and its results change B2's midspan moment while B1's stay.
 */

/** One storey of two beams and a column; the revision moves B2's far end (a longer span). */
export function frameBuildingE2k(b2End: number): string {
  return [
    '$ CONTROLS',
    '  UNITS  "KN"  "M"  "C"  ',
    '$ STORIES - IN SEQUENCE FROM TOP',
    '  STORY "L1"  HEIGHT 3',
    '  STORY "Base"  ELEV 0',
    '$ POINT COORDINATES',
    '  POINT "1"  0 0',
    '  POINT "2"  6 0',
    `  POINT "3"  ${b2End} 0`,
    '$ LINE CONNECTIVITIES',
    '  LINE  "B1"  BEAM  "1"  "2"  0',
    '  LINE  "B2"  BEAM  "2"  "3"  0',
    '  LINE  "C1"  COLUMN  "1"  "1"  1',
    '$ LINE ASSIGNS',
    '  LINEASSIGN  "B1"  "L1"  ANG 0',
    '  LINEASSIGN  "B2"  "L1"  ANG 0',
    '  LINEASSIGN  "C1"  "L1"  ANG 0',
    '$ END OF MODEL FILE',
    '',
  ].join('\n');
}

/** ETABS text export of beam forces in kN·m: B2's midspan moment is the one that changes. */
export function frameForcesText(b2Midspan: number): string {
  return `TABLE:  "PROGRAM CONTROL"
   ProgramName=ETABS   Version=21.0.0   CurrUnits="KN, m, C"

TABLE:  "ELEMENT FORCES - BEAMS"
   Story=L1   Beam=B1   OutputCase=DEAD   CaseType=LinStatic   Station=0   P=0   V2=-30   M3=-40
   Story=L1   Beam=B1   OutputCase=DEAD   CaseType=LinStatic   Station=3   P=0   V2=0   M3=25
   Story=L1   Beam=B1   OutputCase=DEAD   CaseType=LinStatic   Station=6   P=0   V2=30   M3=-40
   Story=L1   Beam=B2   OutputCase=DEAD   CaseType=LinStatic   Station=0   P=0   V2=-20   M3=-10
   Story=L1   Beam=B2   OutputCase=DEAD   CaseType=LinStatic   Station=2   P=0   V2=0   M3=${b2Midspan}
   Story=L1   Beam=B2   OutputCase=DEAD   CaseType=LinStatic   Station=4   P=0   V2=20   M3=-10
   Story=L1   Beam=B1   OutputCase="1.2D+1.6L"   CaseType=Combination   StepType=Max   Station=0   M3=-50
   Story=L1   Beam=B1   OutputCase="1.2D+1.6L"   CaseType=Combination   StepType=Min   Station=0   M3=-80
   Story=L1   Beam=B1   OutputCase="1.2D+1.6L"   CaseType=Combination   StepType=Max   Station=6   M3=-50
   Story=L1   Beam=B1   OutputCase="1.2D+1.6L"   CaseType=Combination   StepType=Min   Station=6   M3=-80
   Story=L9   Beam=B9   OutputCase=DEAD   CaseType=LinStatic   Station=0   M3=1

END TABLE DATA
`;
}

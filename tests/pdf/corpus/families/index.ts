// Every layout family of the generated corpus: adding one is one file and one line
// (at the end: each family's random draws are seeded by its place in this list).
import type { Family } from "../family";
import { abbreviationKey } from "./abbreviation-key";
import { chartLegend } from "./chart-legend";
import { footnoteRows } from "./footnote-rows";
import { indentedStub } from "./indented-stub";
import { monospacedDashes } from "./monospaced-dashes";
import { multiLevelHeader } from "./multi-level-header";
import { panelSpanners } from "./panel-spanners";
import { rightToLeft } from "./right-to-left";
import { sideBySide } from "./side-by-side";
import { sideways } from "./sideways";
import { stackedRepeatHeader } from "./stacked-repeat-header";
import { titleAbove } from "./title-above";
import { wrappedHeaders } from "./wrapped-headers";
import { wrappedLabels } from "./wrapped-labels";
import { zebraShading } from "./zebra-shading";
import { currencyColumns } from "./currency-columns";
import { proportionalLeaders } from "./proportional-leaders";
import { sparsePlaceholders } from "./sparse-placeholders";
import { standardErrors } from "./standard-errors";
import { stubHead } from "./stub-head";
import { blankEveryFive } from "./blank-every-five";
import { textColumns } from "./text-columns";
import { continuedTable } from "./continued-table";
import { verticalHeader } from "./vertical-header";
import { totalRows } from "./total-rows";
import { rowGroupHeaders } from "./row-group-headers";
import { markerValues } from "./marker-values";
import { flushLeftBands } from "./flush-left-bands";
import { markRows } from "./mark-rows";
import { stackedPanels } from "./stacked-panels";
import { blockUnderTable } from "./block-under-table";
import { columnRuled } from "./column-ruled";
import { reversedHeader } from "./reversed-header";
import { indentedGroups } from "./indented-groups";
import { stackedTypedTables } from "./stacked-typed-tables";
import { bandSubset } from "./band-subset";
import { bracketedColumns } from "./bracketed-columns";
import { zebraVaried } from "./zebra-varied";
import { ruledGroupBoxes } from "./ruled-group-boxes";
import { barChart } from "./bar-chart";
import { stackedParts } from "./stacked-parts";
import { shadedStubGrid } from "./shaded-stub-grid";

export const FAMILIES: readonly Family[] = [
  stackedRepeatHeader,
  monospacedDashes,
  sideways,
  multiLevelHeader,
  footnoteRows,
  zebraShading,
  sideBySide,
  rightToLeft,
  titleAbove,
  chartLegend,
  abbreviationKey,
  wrappedLabels,
  wrappedHeaders,
  currencyColumns,
  proportionalLeaders,
  sparsePlaceholders,
  indentedStub,
  panelSpanners,
  standardErrors,
  stubHead,
  blankEveryFive,
  textColumns,
  continuedTable,
  verticalHeader,
  totalRows,
  rowGroupHeaders,
  markerValues,
  flushLeftBands,
  markRows,
  stackedPanels,
  blockUnderTable,
  columnRuled,
  reversedHeader,
  indentedGroups,
  stackedTypedTables,
  bandSubset,
  bracketedColumns,
  zebraVaried,
  ruledGroupBoxes,
  barChart,
  stackedParts,
  shadedStubGrid,
];

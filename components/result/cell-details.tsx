// What a cell says about itself, shown when it is clicked or tapped (not a mouse-only tooltip):
// its value, level (mark and word), the sources that agree, and every reading in source
// order.
import type { Cell } from "@/lib/result/schema";
import { orderedReadings } from "@/lib/review/readings";
import { CONFIDENCE_STYLES } from "./confidence";
import { ConfidenceMark } from "./confidence-mark";

export function CellDetails({ place, cell, onClose }: { place: string; cell: Cell; onClose: () => void }) {
  const readings = orderedReadings(cell);
  return (
    <div
      className="mt-2 rounded border border-line bg-white p-2 text-sm"
      data-testid="cell-details"
      role="group"
      aria-label={`Cell details: ${place}`}
    >
      <div className="flex items-start justify-between gap-2">
        <p className="m-0">
          <strong>{place}:</strong> {cell.value === "" ? <span className="muted">(empty)</span> : cell.value}{" "}
          <span className={`badge ${CONFIDENCE_STYLES[cell.confidence].tint}`}>
            <ConfidenceMark level={cell.confidence} /> {cell.confidence}
          </span>
        </p>
        <button type="button" className="button button-secondary px-2 py-0 text-sm" onClick={onClose}>
          Close
        </button>
      </div>
      <p className="muted m-0">
        {CONFIDENCE_STYLES[cell.confidence].meaning}. Sources that agree: {cell.sources.length ? cell.sources.join(", ") : "none"}.
      </p>
      {readings.length ? (
        <ol className="m-0 mt-1 pl-5" aria-label="Readings">
          {readings.map((reading) => (
            <li key={reading.source}>
              <span className="font-semibold">{reading.value === "" ? "(empty)" : reading.value}</span>{" "}
              <span className="muted">{reading.source}</span>
            </li>
          ))}
        </ol>
      ) : null}
    </div>
  );
}

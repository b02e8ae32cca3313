"use client";
// "Problems only": hides every table row without a cell that needs a person (the review queue's
// rule), on the result page's tables inside the element `targetId` names.
import { useEffect, useState } from "react";

export function ProblemsOnlySwitch({ targetId, problems }: { targetId: string; problems: number }) {
  const [on, setOn] = useState(false);
  useEffect(() => {
    document.getElementById(targetId)?.classList.toggle("problems-only", on);
  }, [on, targetId]);
  return (
    <label className="flex items-center gap-2 font-normal">
      <input
        type="checkbox"
        role="switch"
        aria-checked={on}
        checked={on}
        onChange={(event) => setOn(event.target.checked)}
        data-testid="problems-only"
      />
      Problems only: show just the rows with a cell that needs checking ({problems})
    </label>
  );
}

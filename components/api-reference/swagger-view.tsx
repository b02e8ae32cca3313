"use client";
// Swagger UI in the page: its bundle and stylesheet come from /api-reference/assets (the
// swagger-ui-dist package, served by this site), loaded once when the page opens. "Try it out"
// is off: a request from here would spend the visitor's trial or balance by accident.
import { useEffect, useRef, useState } from "react";

type SwaggerUiBundle = (options: Record<string, unknown>) => unknown;

const ASSETS = "/api-reference/assets";

function loadScript(src: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const existing = document.querySelector(`script[src="${src}"]`);
    if (existing) {
      if ((window as unknown as { SwaggerUIBundle?: unknown }).SwaggerUIBundle) resolve();
      else existing.addEventListener("load", () => resolve());
      return;
    }
    const script = document.createElement("script");
    script.src = src;
    script.async = true;
    script.onload = () => resolve();
    script.onerror = () => reject(new Error(`could not load ${src}`));
    document.head.appendChild(script);
  });
}

export function SwaggerView({ specUrl }: { specUrl: string }) {
  const container = useRef<HTMLDivElement>(null);
  const [problem, setProblem] = useState<string | null>(null);

  // Swagger UI draws its servers <select> without a label (axe: select-name); name it whenever
  // it (re)appears.
  useEffect(() => {
    const host = container.current;
    if (!host) return;
    const label = () => host.querySelectorAll("select#servers:not([aria-label])").forEach((select) => select.setAttribute("aria-label", "Server"));
    const observer = new MutationObserver(label);
    observer.observe(host, { childList: true, subtree: true });
    return () => observer.disconnect();
  }, []);

  useEffect(() => {
    if (!document.querySelector(`link[href="${ASSETS}/swagger-ui.css"]`)) {
      const link = document.createElement("link");
      link.rel = "stylesheet";
      link.href = `${ASSETS}/swagger-ui.css`;
      document.head.appendChild(link);
    }
    let cancelled = false;
    loadScript(`${ASSETS}/swagger-ui-bundle.js`)
      .then(() => {
        const bundle = (window as unknown as { SwaggerUIBundle?: SwaggerUiBundle }).SwaggerUIBundle;
        if (cancelled || !bundle || !container.current) return;
        bundle({
          url: specUrl,
          domNode: container.current,
          // Deep links put an <a href> inside each operation's summary button (axe:
          // nested-interactive); the page is short enough to scroll.
          deepLinking: false,
          supportedSubmitMethods: [],
          defaultModelsExpandDepth: 0,
          tryItOutEnabled: false,
        });
      })
      .catch(() => setProblem("The reference viewer could not be loaded. The contract itself is at /v1/openapi.json."));
    return () => {
      cancelled = true;
    };
  }, [specUrl]);

  return (
    <>
      {problem ? <p role="alert" className="notice notice-error">{problem}</p> : null}
      <div ref={container} data-testid="swagger-ui" className="swagger-host" />
    </>
  );
}

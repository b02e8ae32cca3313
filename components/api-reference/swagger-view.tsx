"use client";
// Swagger UI in the page: its bundle and stylesheet come from /api-reference/assets (the
// swagger-ui-dist package, served by this site), loaded once when the page opens. "Try it out"
// is off: a request from here would spend the visitor's trial or balance by accident.
import { useEffect, useRef, useState } from "react";
import "./swagger-contrast.css";

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

  // Swagger UI draws its servers <select> and a parameter's enum <select> without a label (axe:
  // select-name), and example blocks that scroll without being focusable (axe:
  // scrollable-region-focusable); name them and make them reachable whenever they (re)appear.
  useEffect(() => {
    const host = container.current;
    if (!host) return;
    const label = () => {
      host.querySelectorAll("select#servers:not([aria-label])").forEach((select) => select.setAttribute("aria-label", "Server"));
      host.querySelectorAll<HTMLSelectElement>("tr[data-param-name] select:not([aria-label])").forEach((select) => {
        select.setAttribute("aria-label", `Value of ${select.closest("tr")?.getAttribute("data-param-name") ?? "the parameter"}`);
      });
      host
        .querySelectorAll<HTMLElement>(".highlight-code > .microlight:not([tabindex]), .body-param__example:not([tabindex])")
        .forEach((block) => {
          block.setAttribute("tabindex", "0");
          block.setAttribute("role", "region");
          block.setAttribute("aria-label", "Example");
        });
    };
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
          // Swagger UI's highlighting colours are below 4.5:1 on its dark code background (axe
          // color-contrast); plain text on it is readable.
          syntaxHighlight: false,
        });
      })
      .catch(() => setProblem("The reference viewer could not be loaded. The contract itself is at /v1/openapi.json."));
    return () => {
      cancelled = true;
    };
  }, [specUrl]);

  return (
    <>
      {problem ? (
        <p role="alert" className="notice notice-error">
          {problem}
        </p>
      ) : null}
      <div ref={container} data-testid="swagger-ui" className="swagger-host" />
    </>
  );
}

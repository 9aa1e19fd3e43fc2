import { useEffect, useRef, useState } from 'react';
import type { ChartSeries } from './uplot-mount';

interface ChartCanvasProps {
  xs: number[];
  series: ChartSeries[];
  summary: string;
  height?: number;
}

/**
 * The chart itself. uPlot and its CSS are loaded on first use (their own chunk, without React, so
 * the public bundles stay as they were); until then the space is kept so nothing jumps.
 */
export function ChartCanvas({ xs, series, summary, height = 240 }: ChartCanvasProps) {
  const containerRef = useRef<HTMLDivElement>(null);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    const container = containerRef.current;
    if (!container) return;
    let destroy: (() => void) | null = null;
    let cancelled = false;
    import('./uplot-mount').then(
      ({ mountChart }) => {
        if (!cancelled) destroy = mountChart(container, { xs, series, summary, height });
      },
      () => {
        if (!cancelled) setFailed(true);
      },
    );
    return () => {
      cancelled = true;
      destroy?.();
    };
  }, [xs, series, summary, height]);

  if (failed) return <p className="admin-empty">Diagrammet kunde inte visas. Se tabellen nedan.</p>;
  return <div ref={containerRef} className="admin-chart-canvas" style={{ minHeight: height }} />;
}

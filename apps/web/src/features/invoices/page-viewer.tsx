import type { FieldEvidence } from '@cuadra/shared';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';

export type Box = NonNullable<FieldEvidence['box']>;
export type FieldBox = { key: string; box: Box; label: string };

/** Zoom as a share of the viewer's width: 100 % fits the page to the width, never cuts it. */
export const ZOOM_STEPS = [50, 75, 100, 125, 150, 200, 300] as const;
export const FIT_ZOOM_INDEX = 2;

/**
 * The original at any zoom, PDFs and images alike, one page under the other, with every field's box drawn
 * and the focused field's box highlighted. PDF pages are drawn with pdf.js on canvases that keep the old
 * picture until the new one is ready, so a zoom step never blanks the page.
 */
export function PageViewer({
  blob,
  mediaType,
  zoom,
  boxes,
  focused,
}: {
  blob: Blob;
  mediaType: string;
  /** Percent of the viewer's width. */
  zoom: number;
  boxes: FieldBox[];
  focused: string | null;
}) {
  const isPdf = mediaType === 'application/pdf';
  return isPdf ? (
    <PdfPages blob={blob} zoom={zoom} boxes={boxes} focused={focused} />
  ) : (
    <ImagePage blob={blob} zoom={zoom} boxes={boxes} focused={focused} />
  );
}

function Boxes({ page, boxes, focused }: { page: number; boxes: FieldBox[]; focused: string | null }) {
  return (
    <>
      {boxes
        .filter(({ box }) => (box.page || 1) === page)
        .map(({ key, box }) => {
          const isFocused = key === focused;
          return (
            <div
              key={key}
              aria-hidden="true"
              data-testid={isFocused ? 'field-highlight' : 'field-box'}
              className={`pointer-events-none absolute rounded-sm ${
                isFocused
                  ? 'z-10 bg-amber-300/30 outline-3 outline-offset-1 outline-amber-500'
                  : 'outline-1 outline-sky-500/60'
              }`}
              style={{
                left: `${box.x * 100}%`,
                top: `${box.y * 100}%`,
                width: `${box.w * 100}%`,
                height: `${box.h * 100}%`,
              }}
            />
          );
        })}
    </>
  );
}

function useScrollIntoView(focused: string | null) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!focused) return;
    const element = ref.current?.querySelector<HTMLElement>('[data-testid="field-highlight"]');
    element?.scrollIntoView?.({ block: 'nearest', inline: 'nearest' });
  }, [focused]);
  return ref;
}

/** One original document drawn at a zoom, with its fields' boxes and the focused one. */
type PageProps = { blob: Blob; zoom: number; boxes: FieldBox[]; focused: string | null };

function ImagePage({ blob, zoom, boxes, focused }: PageProps) {
  const { t } = useTranslation('review');
  const [url, setUrl] = useState<string | null>(null);
  const ref = useScrollIntoView(focused);
  useEffect(() => {
    const objectUrl = URL.createObjectURL(blob);
    setUrl(objectUrl);
    return () => URL.revokeObjectURL(objectUrl);
  }, [blob]);
  if (!url) return null;
  return (
    <div ref={ref} className="relative mx-auto" style={{ width: `${zoom}%` }}>
      <img src={url} alt={t('viewer.imageAlt')} className="block h-auto w-full" />
      <Boxes page={1} boxes={boxes} focused={focused} />
    </div>
  );
}

type PdfDocument = Awaited<ReturnType<typeof import('pdfjs-dist')['getDocument']>['promise']>;

async function loadPdf(blob: Blob): Promise<PdfDocument> {
  const pdfjs = await import('pdfjs-dist');
  const worker = await import('pdfjs-dist/build/pdf.worker.min.mjs?url');
  pdfjs.GlobalWorkerOptions.workerSrc = worker.default;
  const data = new Uint8Array(await blob.arrayBuffer());
  return pdfjs.getDocument({ data, isEvalSupported: false }).promise;
}

function PdfPages({ blob, zoom, boxes, focused }: PageProps) {
  const { t } = useTranslation('review');
  const [pdf, setPdf] = useState<PdfDocument | null>(null);
  const [failed, setFailed] = useState(false);
  const ref = useScrollIntoView(focused);
  useEffect(() => {
    let cancelled = false;
    let loaded: PdfDocument | null = null;
    setFailed(false);
    loadPdf(blob).then(
      (doc) => {
        loaded = doc;
        if (cancelled) void doc.destroy();
        else setPdf(doc);
      },
      () => {
        if (!cancelled) setFailed(true);
      },
    );
    return () => {
      cancelled = true;
      setPdf(null);
      if (loaded) void loaded.destroy();
    };
  }, [blob]);
  if (failed) {
    return (
      <p role="alert" className="p-4 text-sm text-red-800">
        {t('viewer.error')}
      </p>
    );
  }
  if (!pdf) {
    return (
      <p role="status" className="p-4 text-sm text-slate-600">
        {t('viewer.loading')}
      </p>
    );
  }
  return (
    <div ref={ref} className="mx-auto flex flex-col gap-3" style={{ width: `${zoom}%` }}>
      {Array.from({ length: Math.min(pdf.numPages, 20) }, (_, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: the page number is the page's identity
        <PdfPage key={i} pdf={pdf} pageNumber={i + 1} zoom={zoom} boxes={boxes} focused={focused} />
      ))}
    </div>
  );
}

function PdfPage({
  pdf,
  pageNumber,
  zoom,
  boxes,
  focused,
}: {
  pdf: PdfDocument;
  pageNumber: number;
  zoom: number;
  boxes: FieldBox[];
  focused: string | null;
}) {
  const { t } = useTranslation('review');
  const holder = useRef<HTMLDivElement>(null);
  const canvas = useRef<HTMLCanvasElement>(null);
  const [aspect, setAspect] = useState(Math.SQRT2);
  useEffect(() => {
    let cancelled = false;
    let task: { cancel(): void; promise: Promise<void> } | null = null;
    void pdf.getPage(pageNumber).then(
      (page) => {
        if (cancelled || !holder.current || !canvas.current) return;
        const base = page.getViewport({ scale: 1 });
        setAspect(base.height / base.width);
        const cssWidth = holder.current.clientWidth || base.width;
        const scale = (cssWidth / base.width) * (window.devicePixelRatio || 1);
        const viewport = page.getViewport({ scale });
        // Drawn off screen, then copied in one step: the old picture stays until the new one is whole.
        const offscreen = document.createElement('canvas');
        offscreen.width = Math.ceil(viewport.width);
        offscreen.height = Math.ceil(viewport.height);
        const render = page.render({ canvas: offscreen, viewport });
        task = render;
        render.promise.then(
          () => {
            const target = canvas.current;
            if (cancelled || !target) return;
            target.width = offscreen.width;
            target.height = offscreen.height;
            target.getContext('2d')?.drawImage(offscreen, 0, 0);
            target.dataset.rendered = String(zoom);
          },
          () => {},
        );
      },
      () => {
        // The document was closed meanwhile (the reviewer moved to the next invoice): nothing to draw.
      },
    );
    return () => {
      cancelled = true;
      task?.cancel();
    };
  }, [pdf, pageNumber, zoom]);
  return (
    <div ref={holder} className="relative w-full bg-white shadow-sm" style={{ aspectRatio: `1 / ${aspect}` }}>
      <canvas
        ref={canvas}
        role="img"
        aria-label={t('viewer.pageAlt', { page: pageNumber, pages: pdf.numPages })}
        data-testid="pdf-page"
        className="block h-full w-full"
      />
      <Boxes page={pageNumber} boxes={boxes} focused={focused} />
    </div>
  );
}

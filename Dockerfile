# Cuadra for a deployment: PostgreSQL (DATABASE_URL) and an S3-compatible bucket (S3_*), API and workers
# as separate containers of this one image (see compose.yaml). Build: docker build -t cuadra .

# 1. Dependencies and the web build.
FROM node:26-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
COPY apps/server/package.json apps/server/
COPY apps/web/package.json apps/web/
COPY packages/extract/package.json packages/extract/
COPY packages/shared/package.json packages/shared/
COPY e2e/package.json e2e/
# onnxruntime-node fetches CUDA binaries from outside npm when it finds CUDA, and npm older than 11.19
# still runs its install script (package.json "allowScripts" denies it on 11.19+); its CPU binary ships in
# the package.
ENV ONNXRUNTIME_NODE_INSTALL=skip
RUN npm ci --no-audit --no-fund
COPY . .
# The web app is built for the address users reach it at (canonical links in prerendered pages).
ARG PUBLIC_URL=http://localhost:3000
RUN PUBLIC_URL=$PUBLIC_URL npm run build && npm prune --omit=dev --no-audit --no-fund

# 2. What runs: the sources (run by tsx), production dependencies and the built web app; no compilers.
FROM node:26-bookworm-slim
ENV NODE_ENV=production HOST=0.0.0.0 PORT=3000 DATA_DIR=/data
WORKDIR /app
# Native Tesseract (the product points it at its own models): about a third of tesseract.js's CPU per page.
RUN apt-get update && apt-get install -y --no-install-recommends tesseract-ocr && rm -rf /var/lib/apt/lists/*
COPY --from=build --chown=node:node /app /app
RUN mkdir -p /data && chown node:node /data
USER node
EXPOSE 3000
# Role: all (default), api or worker. Every role applies pending migrations first, under a lock.
ENTRYPOINT ["node", "--import", "tsx", "apps/server/src/main.ts"]
CMD ["all"]

# One image recipe for the services; docker-compose.yml passes SERVICE (gateway, extraction,
# authenticity, matching, replay, aggregator, settlement, webhooks, console, retention) as the one it runs by
# default. Every service is bundled in the image (packages/build: services/<name>/dist/main.js, the workspace's
# TypeScript inside, third-party packages from node_modules) and runs as plain JavaScript: no TypeScript loader
# at run time.
FROM node:20-slim

WORKDIR /app
ENV NODE_ENV=production

# Manifests first so the dependency layer is cached across source edits.
COPY package.json package-lock.json ./
COPY schemas/package.json schemas/
COPY packages/ packages/
COPY services/ services/
RUN find packages services -mindepth 2 -not -name package.json -not -type d -delete \
  && npm ci --include=dev --no-audit --no-fund

COPY tsconfig.base.json ./
COPY schemas/ schemas/
COPY packages/ packages/
COPY services/ services/

ARG SERVICE
ENV SERVICE=${SERVICE}
# Every service's bundle (npm run build, a few seconds): one image runs them all (the manifests pick the entry).
RUN npm run build && test -n "$SERVICE" && test -f "services/$SERVICE/dist/main.js"
# The extraction stage reads image receipts with Tesseract (Russian + English), as scripts/install/ocr.sh
# installs it natively.
RUN if [ "$SERVICE" = extraction ]; then \
      apt-get update && apt-get install -y --no-install-recommends tesseract-ocr tesseract-ocr-rus tesseract-ocr-eng \
      && rm -rf /var/lib/apt/lists/*; \
    fi

USER node
# One node process (not npm → node), so SIGTERM from `docker stop` reaches the service and it drains gracefully.
CMD ["sh", "-c", "exec node --enable-source-maps services/$SERVICE/dist/main.js"]

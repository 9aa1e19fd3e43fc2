# syntax=docker/dockerfile:1
# One image for both production processes: `server` (default command) and `indexer`.

FROM node:20-bookworm-slim AS build
WORKDIR /app
# Manifests first, so the dependency layer is cached until a package.json changes.
COPY package.json package-lock.json ./
COPY contracts/package.json contracts/
COPY lexicon/package.json lexicon/
COPY storage/package.json storage/
COPY indexer/package.json indexer/
# The simulator is a workspace of the lockfile, so `npm ci` needs its manifest; the runtime stage
# below copies neither its code nor its link.
COPY feed-simulator/package.json feed-simulator/
COPY test-support/package.json test-support/
COPY server/package.json server/
COPY web/package.json web/
# --ignore-scripts: the sources are not copied yet; `npm run build` below builds them.
RUN npm ci --no-audit --no-fund --ignore-scripts
COPY . .
RUN npm run build \
 && npm prune --omit=dev \
 # Production talks to the Meilisearch container (MEILI_URL); the embedded binary is dead weight.
 && rm -rf node_modules/@gaubee \
 # The feed simulator (tests, demo, benchmarks) and the test helpers stay out of the image: drop their workspace links.
 && rm -f node_modules/@jobbportalen/feed-simulator node_modules/@jobbportalen/test-support

FROM node:20-bookworm-slim AS runtime
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=3000 \
    DATA_DIR=/app/data
WORKDIR /app
COPY --from=build /app/package.json ./
COPY --from=build /app/node_modules ./node_modules
COPY --from=build /app/contracts/package.json /app/contracts/
COPY --from=build /app/contracts/dist /app/contracts/dist
COPY --from=build /app/lexicon/package.json /app/lexicon/
COPY --from=build /app/lexicon/dist /app/lexicon/dist
COPY --from=build /app/lexicon/data /app/lexicon/data
COPY --from=build /app/storage/package.json /app/storage/
COPY --from=build /app/storage/dist /app/storage/dist
COPY --from=build /app/indexer/package.json /app/indexer/
COPY --from=build /app/indexer/dist /app/indexer/dist
COPY --from=build /app/server/package.json /app/server/
COPY --from=build /app/server/dist /app/server/dist
COPY --from=build /app/web/dist /app/web/dist
# The server renderer (vite build --ssr, self-contained): pages come with their content, and job
# pages with the ETag and Cache-Control that let the front door keep them.
COPY --from=build /app/web/dist-server /app/web/dist-server
RUN mkdir -p /app/data && chown node:node /app/data
USER node
EXPOSE 3000
HEALTHCHECK --interval=10s --timeout=3s --start-period=30s \
  CMD node -e "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+'/readyz').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"
CMD ["node", "--max-semi-space-size=32", "server/dist/main.js"]

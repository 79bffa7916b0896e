# The portal for production (issue 39, docs/deploying.md): build with every dependency, then keep
# only the production ones. The image runs the bundle with plain Node; settings come from the
# environment (docs/configuration.md), the database from DATABASE_URL (or a DATA_DIR volume).
FROM node:24-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build && npm prune --omit=dev --no-audit --no-fund

FROM node:24-bookworm-slim
# pg_dump and pg_restore for npm run db:backup / db:restore against PostgreSQL.
RUN apt-get update && apt-get install -y --no-install-recommends postgresql-client \
  && rm -rf /var/lib/apt/lists/*
WORKDIR /app
ENV NODE_ENV=production PORT=3000 DATA_DIR=/data
COPY --from=build --chown=node:node /app /app
RUN mkdir -p /data && chown node:node /data
USER node
EXPOSE 3000
HEALTHCHECK --interval=30s --timeout=5s CMD node -e "fetch('http://127.0.0.1:'+process.env.PORT+'/readyz').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"
# node, not npm start: the signal reaches the server itself, which drains on SIGTERM.
CMD ["node", "scripts/launch.mjs", "start"]

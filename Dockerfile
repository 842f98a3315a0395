# syntax=docker/dockerfile:1
# docs/operations.md#deploying: the shop as one image, the compiled server (node dist/server/main.js) with
# its production packages only. Build: docker build -t ottoman-mittens .

# What npm needs to compile a native package whose prebuilt binary does not load on this machine (argon2's
# crashed on one build machine, docs/operations.md#deploying). Only the build stages have it.
FROM node:24-slim AS toolchain
RUN apt-get update && apt-get install -y --no-install-recommends python3 make g++ \
  && rm -rf /var/lib/apt/lists/*

# The build: every package (Vite, TypeScript's transform), then npm run build.
FROM toolchain AS build
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build

# The packages the server loads at run time, native ones (argon2, sharp) built for this image's platform.
FROM toolchain AS packages
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --omit=dev --no-audit --no-fund && npm cache clean --force

FROM node:24-slim
ENV NODE_ENV=production HOST=0.0.0.0 PORT=3000
WORKDIR /app
COPY --from=packages /app/node_modules ./node_modules
COPY --from=build /app/dist ./dist
COPY package.json ./
# PGlite's folder and product images live under data/ (a volume in compose.yaml); the server runs as node.
RUN mkdir -p data/media && chown -R node:node data
USER node
EXPOSE 3000
HEALTHCHECK --interval=15s --timeout=3s --start-period=30s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.PORT || 3000) + '/api/health').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
CMD ["node", "dist/server/main.js"]

# One API node (API + built site on one port). Not built or run here: this machine has no container engine
# (docs/deploy.md). Settings come from the environment as for the systemd unit (deploy/vsim@.service).
#   docker build -t vsim . && docker run --env-file /etc/vsim/vsim.env -p 8080:8080 -v vsim-data:/var/lib/vsim vsim

# Production dependencies; better-sqlite3 compiles here when no prebuilt binary fits.
FROM node:20-slim AS deps
WORKDIR /app
RUN apt-get update && apt-get install -y --no-install-recommends python3 make g++ && rm -rf /var/lib/apt/lists/*
COPY package.json package-lock.json ./
# The lock names this local development package (the linter's TypeScript); its manifest must be there.
COPY tools/lint-typescript/package.json tools/lint-typescript/
RUN npm ci --omit=dev

# The site: vite is a development dependency, so this stage installs everything and keeps only dist/.
FROM deps AS site
RUN npm ci
COPY index.html vite.config.ts tsconfig.json ./
COPY public public
COPY src src
COPY shared shared
COPY config config
RUN npx vite build

FROM node:20-slim
# Noto Sans CJK: the font embedded in exported score PDFs (PDF_FONT_PATH).
RUN apt-get update && apt-get install -y --no-install-recommends fonts-noto-cjk && rm -rf /var/lib/apt/lists/* \
 && groupadd --system vsim && useradd --system --gid vsim --home-dir /var/lib/vsim vsim \
 && mkdir -p /var/lib/vsim && chown vsim:vsim /var/lib/vsim
WORKDIR /app
COPY --from=deps /app/node_modules node_modules
COPY --from=site /app/dist dist
COPY package.json tsconfig.json ./
COPY server server
COPY shared shared
COPY config config
ENV NODE_ENV=production HOST=0.0.0.0 PORT=8080 DATA_DIR=/var/lib/vsim
USER vsim
EXPOSE 8080
HEALTHCHECK --interval=10s --timeout=3s --start-period=30s --retries=3 \
  CMD node -e "fetch('http://127.0.0.1:'+(process.env.PORT||8080)+'/api/health').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"
CMD ["node", "--import", "tsx", "server/main.ts"]

# One image for every service; the command chooses which one runs.
FROM node:24-bookworm-slim
WORKDIR /app
RUN npm i -g pnpm@10.34.8
COPY . .
RUN pnpm install --frozen-lockfile --prod=false
ENV NODE_ENV=production DATA_DIR=/data
USER node
CMD ["node", "--min-semi-space-size=32", "--max-semi-space-size=64", "launcher/src/all-in-one.ts"]

// Webpack build of the browser client. `npm run build` writes frontend/dist (index.html
// included); `npm run dev` serves it and proxies the server's paths to 127.0.0.1:8080.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import HtmlWebpackPlugin from 'html-webpack-plugin';
import CopyWebpackPlugin from 'copy-webpack-plugin';
import webpack from 'webpack';

const here = path.dirname(fileURLToPath(import.meta.url));
const SERVER = process.env.EXCHANGE_DEV_SERVER ?? 'http://127.0.0.1:8080';

/** The Payload key is the server's `payload.key_hex` from configuration/base.yaml. */
function readPayloadKeyHex() {
  if (process.env.PAYLOAD_KEY_HEX) return process.env.PAYLOAD_KEY_HEX;
  const file = path.resolve(here, '../configuration/base.yaml');
  let text = '';
  try {
    text = fs.readFileSync(file, 'utf8');
  } catch {
    console.warn(`[webpack] ${file} not found: encrypted calls will fail until it exists`);
    return '0'.repeat(64);
  }
  const match = /^\s*key_hex:\s*"?([0-9a-fA-F]{64})"?\s*$/m.exec(text);
  if (!match) throw new Error(`payload.key_hex (64 hex characters) not found in ${file}`);
  return match[1].toLowerCase();
}

export default (_env, argv) => {
  const production = argv.mode === 'production';
  return {
    entry: './src/main.tsx',
    output: {
      // DIST_DIR lets parallel work build into separate folders; the server serves frontend/dist.
      path: path.resolve(here, process.env.DIST_DIR ?? 'dist'),
      filename: production ? 'assets/[name].[contenthash:8].js' : 'assets/[name].js',
      chunkFilename: production ? 'assets/[name].[contenthash:8].js' : 'assets/[name].js',
      publicPath: '/',
      clean: true,
    },
    resolve: {
      extensions: ['.tsx', '.ts', '.js'],
      alias: { '@': path.resolve(here, 'src') },
    },
    module: {
      rules: [
        {
          test: /\.[jt]sx?$/,
          exclude: /node_modules/,
          loader: 'esbuild-loader',
          options: { target: 'es2020', jsx: 'automatic' },
        },
        { test: /\.(png|svg|jpe?g|webp)$/, type: 'asset/resource' },
      ],
    },
    devtool: production ? false : 'eval-cheap-module-source-map',
    plugins: [
      new webpack.DefinePlugin({
        __PAYLOAD_KEY_HEX__: JSON.stringify(readPayloadKeyHex()),
      }),
      new HtmlWebpackPlugin({ template: './public/index.html', favicon: './public/favicon.svg' }),
      new CopyWebpackPlugin({
        patterns: [
          { from: 'public/images', to: 'images' },
          { from: 'public/assets', to: 'assets' },
        ],
      }),
    ],
    optimization: {
      splitChunks: { chunks: 'async' },
    },
    performance: { maxEntrypointSize: 900_000, maxAssetSize: 900_000 },
    devServer: {
      port: 5173,
      historyApiFallback: true,
      proxy: [{ context: ['/api', '/data', '/ws'], target: SERVER, ws: true, changeOrigin: true }],
    },
  };
};

// Webpack build of the browser client. `npm run build` writes frontend/dist (index.html
// included); `npm run dev` serves it and proxies the server's paths to 127.0.0.1:8080.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import HtmlWebpackPlugin from 'html-webpack-plugin';
import CopyWebpackPlugin from 'copy-webpack-plugin';

const here = path.dirname(fileURLToPath(import.meta.url));
const SERVER = process.env.EXCHANGE_DEV_SERVER ?? 'http://127.0.0.1:8080';

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
        {
          // A package without side effects that does not say so: emotion imports it only for its
          // unused `withTheme`; marking it lets webpack drop it (and its react-is) from the shell.
          test: /node_modules[\\/]hoist-non-react-statics[\\/]/,
          sideEffects: false,
        },
      ],
    },
    devtool: production ? false : 'eval-cheap-module-source-map',
    plugins: [
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

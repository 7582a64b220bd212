/** API keys: their format, storage (hash only) and the filter that authenticates every API request. */
package dev.quintet.platform.keys;

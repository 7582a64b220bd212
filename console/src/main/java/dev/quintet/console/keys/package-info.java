/** Creating, listing and revoking an account's API keys. */
package dev.quintet.console.keys;

/** The Hex adapter: packages with releases, retirements and links; per-release requirements. */
package dev.quintet.packages.registry.hex;

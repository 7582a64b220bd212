/** The crates.io adapter: crate documents with versions, yanked flags and per-version dependencies. */
package dev.quintet.packages.registry.cargo;

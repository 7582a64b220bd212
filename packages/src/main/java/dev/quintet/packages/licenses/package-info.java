/** Licence names, URLs and expressions as upstreams write them, normalised to SPDX identifiers. */
package dev.quintet.packages.licenses;

/** Version ordering and requirement (range) evaluation by each ecosystem's own rules. */
package dev.quintet.packages.versions;

/** CPAN: Perl distributions from MetaCPAN's API. */
package dev.quintet.packages.registry.cpan;

/** CRAN: R packages from CRAN's package pages and source archive listings. */
package dev.quintet.packages.registry.cran;

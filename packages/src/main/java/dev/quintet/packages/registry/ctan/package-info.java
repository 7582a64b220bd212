/** CTAN: TeX and LaTeX packages from the Comprehensive TeX Archive Network's JSON API. */
package dev.quintet.packages.registry.ctan;

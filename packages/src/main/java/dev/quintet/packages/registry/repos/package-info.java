/** GitHub repositories as repos.ecosyste.ms indexes them, with their tags and raw files: the registry of SwiftPM, GitHub Actions and Bower. */
package dev.quintet.packages.registry.repos;

/** The RubyGems.org adapter: version lists, gem documents and per-version runtime/development dependencies. */
package dev.quintet.packages.registry.rubygems;

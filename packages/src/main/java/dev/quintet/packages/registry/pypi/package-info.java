/** The PyPI adapter: the JSON API for releases, upload dates, licences and requires_dist dependencies. */
package dev.quintet.packages.registry.pypi;

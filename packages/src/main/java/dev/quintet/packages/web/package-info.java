/**
 * The HTTP API in Libraries.io's shapes: platforms, projects, versions, dependencies, dependents and search, plus
 * purl look-up and batch.
 */
package dev.quintet.packages.web;

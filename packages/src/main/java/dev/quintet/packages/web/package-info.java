/** The HTTP API in Libraries.io's shapes: platforms, projects, versions and dependencies. */
package dev.quintet.packages.web;

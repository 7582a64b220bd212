/** The NuGet V3 adapter: registration index and pages with listing, deprecation, licences and dependency groups. */
package dev.quintet.packages.registry.nuget;

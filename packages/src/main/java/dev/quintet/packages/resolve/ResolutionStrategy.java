package dev.quintet.packages.resolve;

/** One ecosystem's rules for turning a release's requirements into a graph of chosen versions. */
interface ResolutionStrategy {

    Graph resolve(Resolution resolution);
}

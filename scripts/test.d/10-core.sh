# The Catch2 conformance suite of core (tests/core), through CTest.
ctest --preset native --parallel 2

"""Helpers shared by the test modules (no tests here), one small module per kind of helper; docs/testing.md lists
them. A test module imports from here, never from another test module (tests/test_floors.py checks)."""

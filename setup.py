"""Placeholder for the `mcp-elicit-wheel` pre-commit hook (.pre-commit-hooks.yaml).

pre-commit installs a `language: python` hook with `pip install .` in its clone
of this repository. This file makes that install fetch the prebuilt
`mcp-elicit` wheel from PyPI, at the version of this checkout, instead of
compiling anything. It is not the Python package of mcp-elicit: that is built
with maturin from packaging/pypi/pyproject.toml (`pip install ./packaging/pypi`
from a clone). The version below must equal the one in Cargo.toml.
"""

from setuptools import setup

VERSION = "0.1.0"

setup(
    name="mcp-elicit-pre-commit-hook",
    version=VERSION,
    description="Installs the mcp-elicit wheel for the mcp-elicit-wheel pre-commit hook",
    install_requires=[f"mcp-elicit=={VERSION}"],
    packages=[],
    py_modules=[],
)

"""The tutor's pages, shipped inside the ``rules-tutor`` package as ``tutor._notebooks`` (see pyproject.toml).

Not code: this file only makes the folder a package, so that :func:`tutor.resources.notebooks_dir` finds it with
``importlib.resources`` both in an installed wheel and in an editable install of a checkout.
"""

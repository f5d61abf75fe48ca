"""The games. Each sub-package registers one :class:`tutor.core.game.Game` subclass in :data:`tutor.registry`."""

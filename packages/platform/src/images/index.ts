export { ImageRefused, type ImageType, logoAtSize, normaliseLogo, sniffImageType } from './image-checks.ts';
export { createImageIntake, type ImageIntake, type StoredImage } from './image-intake.ts';
export { openImageStore } from './image-store.ts';
export { initialsLogoSvg, initialsLogos } from './initials-logo.ts';
export { createLogoServer, keptLogos, type LogoServer, type ServedLogo } from './logo-server.ts';
